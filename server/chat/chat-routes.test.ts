import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatProvidersResponse, ChatStepEvent } from '#shared/chat-protocol.ts';
import { startScriptedOpenAi, type ScriptedOpenAi } from '../../test/fixtures/scripted-openai.ts';
import { textOf } from '../../test/support/chat-step-events.ts';
import { chatRoutes } from './chat-routes.ts';
import { providersFromEnvironment } from './chat-providers.ts';

const KEY = 'sk-routes-PAGE-KEY-424242';
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** The chat routes on 127.0.0.1 (free port) in front of a scripted endpoint with no key in the environment. */
async function setup(): Promise<{ url: string; endpoint: ScriptedOpenAi }> {
  const endpoint = await startScriptedOpenAi({
    key: KEY,
    models: ['m1', 'm2'],
    script: () => ({ text: 'hi there' }),
  });
  started.push(endpoint);
  const app = express();
  app.use(
    '/api/chat',
    chatRoutes({
      providers: [
        {
          id: 'openai',
          label: 'Scripted',
          kind: 'openai-compatible',
          baseUrl: endpoint.baseUrl,
          key: undefined,
        },
      ],
    }),
  );
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`, endpoint };
}

const providers = async (url: string, page: string) =>
  (await (await fetch(`${url}/providers?page=${page}`)).json()) as ChatProvidersResponse;

describe('chat routes', () => {
  it('without a key the model list says why; a key given by one page lists models for that page only', async () => {
    const { url } = await setup();
    const before = await providers(url, 'pageA');
    expect(before.providers[0]).toMatchObject({ key: 'none', models: [] });
    expect(before.providers[0]?.modelsProblem).toMatch(/answered 401: Incorrect API key/);

    const set = await fetch(`${url}/key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'pageA', provider: 'openai', key: KEY }),
    });
    expect(set.status).toBe(204);
    expect((await providers(url, 'pageA')).providers[0]).toMatchObject({ key: 'page', models: ['m1', 'm2'] });
    expect((await providers(url, 'pageB')).providers[0]).toMatchObject({ key: 'none', models: [] });
    expect(JSON.stringify(await providers(url, 'pageA'))).not.toContain(KEY);
  });

  it('streams a step as NDJSON with the page key, and refuses a step without a model', async () => {
    const { url, endpoint } = await setup();
    await fetch(`${url}/key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'p', provider: 'openai', key: KEY }),
    });
    const response = await fetch(`${url}/step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: 'p',
        provider: 'openai',
        model: 'm1',
        messages: [{ role: 'user', text: 'hi' }],
        tools: [],
      }),
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const events = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ChatStepEvent);
    expect(textOf(events)).toBe('hi there');
    expect(events.at(-1)?.type).toBe('finish');
    expect(endpoint.received.at(-1)?.authorization).toBe(`Bearer ${KEY}`);

    const bad = await fetch(`${url}/step`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'p', provider: 'openai', messages: [], tools: [] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Pick a model' });
  });

  it('reads the environment by the names users already set', () => {
    expect(providersFromEnvironment({}).map((p) => [p.id, p.baseUrl])).toEqual([
      ['openai', 'https://api.openai.com/v1'],
      ['ollama', 'http://127.0.0.1:11434/v1'],
    ]);
    const configured = providersFromEnvironment({
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/',
      OPENAI_API_KEY: 'k1',
      ANTHROPIC_API_KEY: 'k2',
    });
    expect(configured.map((p) => [p.id, p.baseUrl, p.key])).toEqual([
      ['openai', 'http://127.0.0.1:9/v1', 'k1'],
      ['anthropic', 'https://api.anthropic.com/v1', 'k2'],
    ]);
  });
});
