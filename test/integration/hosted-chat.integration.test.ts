import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatProvidersResponse } from '#shared/chat-protocol.ts';
import { parseHostedConfig, ConfigError } from '../../server/hosted/config/load-config.ts';
import { bearer, startTestHostedBridge, testAuth, type TestHostedBridge } from '../support/hosted-bridge.ts';
import { startScriptedOpenAi, type ScriptedOpenAi } from '../fixtures/scripted-openai.ts';
import { postChatStep, saidText } from '../support/chat-step.ts';
import { freePort } from '../support/free-port.ts';

const KEY = 'sk-hosted-chat-ADMIN-KEY-5b6c7d';
let endpoint: ScriptedOpenAi;
let bridge: TestHostedBridge;
/** A port nothing listens on: the admin's second provider is down. */
let downPort: number;

beforeAll(async () => {
  downPort = await freePort();
  endpoint = await startScriptedOpenAi({
    key: KEY,
    models: ['team-model', 'not-offered'],
    script: () => ({ text: 'hello from the team model' }),
  });
  bridge = await startTestHostedBridge(
    {
      chat: {
        providers: {
          team: {
            label: 'Team model',
            baseUrl: endpoint.baseUrl,
            apiKey: '${env:TEAM_CHAT_KEY}',
            models: ['team-model'],
          },
          down: { label: 'Team backup', baseUrl: `http://127.0.0.1:${downPort}/v1`, models: ['m'] },
        },
        requestsPerMinute: 2,
      },
    },
    { env: { TEAM_CHAT_KEY: KEY }, record: false },
  );
});
afterAll(async () => {
  await bridge?.stop();
  await endpoint?.close();
});

const step = (user: 'alice' | 'bob', model = 'team-model') =>
  postChatStep(bridge.origin, user, 'team', model);

describe('hosted mode: the chat playground', () => {
  it("offers only the admin's providers and models, never their key, and takes no key or endpoint from the page", async () => {
    const anonymous = await fetch(`${bridge.origin}/api/chat/providers?page=p1`);
    expect(anonymous.status).toBe(401);
    const response = await fetch(`${bridge.origin}/api/chat/providers?page=p1`, { headers: bearer('alice') });
    const text = await response.text();
    expect(text).not.toContain(KEY);
    const body = JSON.parse(text) as ChatProvidersResponse;
    expect(body.pageKeysAllowed).toBe(false);
    // Only the config's list: the endpoint's /models (which also lists "not-offered") is not read.
    expect(body.providers).toEqual([
      expect.objectContaining({
        id: 'team',
        label: 'Team model',
        key: 'environment',
        models: ['team-model'],
      }),
      expect.objectContaining({ id: 'down', label: 'Team backup' }),
    ]);
    // An admin's provider is named, not located.
    expect(body.providers.map((provider) => provider.baseUrl)).toEqual([undefined, undefined]);
    expect(text).not.toContain(new URL(endpoint.baseUrl).host);
    expect(text).not.toContain(String(downPort));
    const key = await fetch(`${bridge.origin}/api/chat/key`, {
      method: 'POST',
      headers: { ...bearer('alice'), 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'p1', provider: 'team', key: 'sk-user-own' }),
    });
    expect(key.status).toBe(403);
    // A model outside the list is refused before any provider request.
    const before = endpoint.received.length;
    const other = await step('alice', 'not-offered');
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ error: 'Model "not-offered" is not offered here' });
    expect(endpoint.received.length).toBe(before);
    // The body names a provider of the config, never a URL: there is no field for one.
    const unknown = await fetch(`${bridge.origin}/api/chat/step`, {
      method: 'POST',
      headers: { ...bearer('alice'), 'content-type': 'application/json' },
      body: JSON.stringify({
        page: 'p1',
        provider: 'http://169.254.169.254',
        model: 'x',
        messages: [],
        tools: [],
      }),
    });
    expect(unknown.status).toBe(400);
  });

  it('limits model requests per user per minute, with a message that names the limit', async () => {
    for (let i = 0; i < 2; i++) {
      const ok = await step('alice');
      expect(ok.status).toBe(200);
      const lines = await ok.text();
      expect(saidText(lines)).toBe('hello from the team model');
      expect(lines).not.toContain(KEY);
      // The exchange shown to the user names the provider where its address was.
      expect(lines).not.toContain(new URL(endpoint.baseUrl).host);
      expect(lines).toContain('"url":"(Team model)/chat/completions"');
    }
    const over = await step('alice');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { error: string }).error).toMatch(
      /^Limit reached: at most 2 model requests per minute per user \(chat\.requestsPerMinute\); try again in \d+ s\.$/,
    );
    // The limit is per user: bob still has his.
    expect((await step('bob')).status).toBe(200);
    // The key reached the provider, and no log line holds it.
    expect(endpoint.received.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    expect(bridge.logText()).not.toContain(KEY);
  });

  it("says an admin's provider cannot be reached by its name, not its address", async () => {
    const down = await postChatStep(bridge.origin, 'bob', 'down', 'm');
    expect(down.status).toBe(200);
    const lines = await down.text();
    expect(lines).toContain('Cannot reach Team backup: ECONNREFUSED');
    expect(lines).not.toContain(String(downPort));
  });

  it('refuses a config whose provider key names an unset variable, or lists no model', () => {
    const parse = (chat: unknown) => () =>
      parseHostedConfig(JSON.stringify({ version: 1, auth: testAuth(), chat }), {
        file: 'c.json',
        baseDir: '/',
        env: {},
      });
    expect(
      parse({ providers: { t: { baseUrl: 'http://x/v1', apiKey: '${env:NOPE}', models: ['m'] } } }),
    ).toThrow(/chat\.providers\.t\.apiKey: environment variable NOPE is not set/);
    expect(parse({ providers: { t: { baseUrl: 'http://x/v1', models: [] } } })).toThrow(ConfigError);
    expect(parse({ providers: { t: { baseUrl: 'file:///etc', models: ['m'] } } })).toThrow(
      /expected an http/,
    );
  });
});
