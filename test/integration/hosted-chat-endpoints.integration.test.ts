import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatProviderInfo, ChatProvidersResponse } from '#shared/chat-protocol.ts';
import type { Resolver } from '../../server/hosted/net/pinned-fetch.ts';
import { bearer, startTestHostedBridge, type TestHostedBridge } from '../support/hosted-bridge.ts';
import { startScriptedOpenAi, type ScriptedOpenAi } from '../fixtures/scripted-openai.ts';
import { postChatStep, saidText } from '../support/chat-step.ts';

const USER_KEY = 'sk-alice-OWN-endpoint-KEY-9e8d7c';
let endpoint: ScriptedOpenAi;
let off: TestHostedBridge;
let on: TestHostedBridge;

/** Test names: models.team.test is the scripted endpoint (loopback), metadata.team.test the cloud metadata address. */
const resolve: Resolver = async (host) => {
  if (host === 'models.team.test') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'metadata.team.test') return [{ address: '169.254.169.254', family: 4 }];
  throw new Error(`no test address for ${host}`);
};

beforeAll(async () => {
  endpoint = await startScriptedOpenAi({
    key: USER_KEY,
    models: ['user-model'],
    script: () => ({ text: 'hello from your own endpoint' }),
  });
  // Default config: the switch is off.
  off = await startTestHostedBridge({}, { record: false });
  // On, with the admin allowing the loopback address the scripted endpoint listens on, and nothing else.
  on = await startTestHostedBridge(
    { chat: { allowUserEndpoints: true }, userUrls: { allow: ['127.0.0.1/32'] } },
    { record: false, resolve },
  );
});
afterAll(async () => {
  await off?.stop();
  await on?.stop();
  await endpoint?.close();
});

const port = () => new URL(endpoint.baseUrl).port;
const name = (bridge: TestHostedBridge, user: 'alice' | 'bob', baseUrl: string, key = USER_KEY) =>
  fetch(`${bridge.origin}/api/chat/endpoint`, {
    method: 'POST',
    headers: { ...bearer(user), 'content-type': 'application/json' },
    body: JSON.stringify({ baseUrl, key }),
  });
const providers = async (bridge: TestHostedBridge, user: 'alice' | 'bob') => {
  const response = await fetch(`${bridge.origin}/api/chat/providers?page=p1`, { headers: bearer(user) });
  const text = await response.text();
  return { text, body: JSON.parse(text) as ChatProvidersResponse };
};
const own = (body: ChatProvidersResponse): ChatProviderInfo | undefined =>
  body.providers.find((provider) => provider.own);
const step = (user: 'alice' | 'bob') => postChatStep(on.origin, user, 'own', 'user-model');

describe('hosted mode: users’ own model endpoints (chat.allowUserEndpoints)', () => {
  it('refuses a user’s endpoint when the switch is off (the default), naming the switch', async () => {
    const refused = await name(off, 'alice', endpoint.baseUrl);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/chat\.allowUserEndpoints/);
    const { body } = await providers(off, 'alice');
    expect(body.userEndpointsAllowed).toBeUndefined();
    expect(own(body)).toBeUndefined();
    expect(endpoint.received).toHaveLength(0);
  });

  it('checks the URL as it checks users’ server URLs: no link-local, loopback or metadata address unless the admin allows it', async () => {
    const problem = async (baseUrl: string) => {
      const response = await name(on, 'alice', baseUrl);
      expect(response.status, baseUrl).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await problem('http://169.254.169.254/latest/v1')).toMatch(
      /169\.254\.169\.254 is .*unless its admin allows that range/,
    );
    expect(await problem(`http://[::1]:${port()}/v1`)).toMatch(/unless its admin allows that range/);
    expect(await problem('file:///etc/passwd')).toMatch(/Only http\(s\) URLs/);
    expect(await problem('not a url')).toMatch(/^Not a URL/);
    // A name is checked at the address it resolves to, when the bridge connects: the metadata address is refused.
    expect((await name(on, 'alice', 'http://metadata.team.test/v1')).status).toBe(204);
    const listed = own((await providers(on, 'alice')).body);
    expect(listed?.modelsProblem).toMatch(/metadata\.team\.test resolves to 169\.254\.169\.254/);
    const refusedStep = await (await step('alice')).text();
    expect(refusedStep).toMatch(/"type":"error"/);
    expect(endpoint.received).toHaveLength(0);
  });

  it('keeps a user’s endpoint and key for that user only, in memory, and sends their key to it', async () => {
    const baseUrl = `http://models.team.test:${port()}/v1`;
    expect((await name(on, 'alice', baseUrl)).status).toBe(204);
    const alice = await providers(on, 'alice');
    expect(alice.body.userEndpointsAllowed).toBe(true);
    expect(alice.text).not.toContain(USER_KEY);
    expect(own(alice.body)).toMatchObject({ id: 'own', baseUrl, models: ['user-model'], key: 'page' });
    // Bob sees no endpoint of Alice's, and cannot use it.
    expect(own((await providers(on, 'bob')).body)).toBeUndefined();
    const bobStep = await step('bob');
    expect(bobStep.status).toBe(400);

    const answer = await step('alice');
    expect(answer.status).toBe(200);
    const lines = await answer.text();
    expect(saidText(lines)).toBe('hello from your own endpoint');
    expect(lines).not.toContain(USER_KEY);
    expect(endpoint.received.at(-1)?.authorization).toBe(`Bearer ${USER_KEY}`);
    expect(on.logText()).not.toContain(USER_KEY);

    // An empty URL forgets it.
    expect((await name(on, 'alice', '')).status).toBe(204);
    expect(own((await providers(on, 'alice')).body)).toBeUndefined();
  });
});
