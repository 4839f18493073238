import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, type Client } from '@modelcontextprotocol/client';
import { connectedInMemory } from '../../test/support/in-memory-session.ts';
import { openListSubscription } from './list-subscription.ts';
import { readCompletion } from './surface-requests.ts';

/** A server with prompts and resources; it declares completions only when asked to. */
function surfaceServer(completions: boolean) {
  const server = new Server(
    { name: 'surface', version: '1' },
    { capabilities: { prompts: {}, resources: {}, ...(completions ? { completions: {} } : {}) } },
  );
  server.setRequestHandler('prompts/get', (request) => {
    if (request.params.name !== 'greet')
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'No such prompt');
    const who = request.params.arguments?.who ?? 'nobody';
    return { messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }] };
  });
  server.setRequestHandler('resources/read', (request) => ({
    contents: [{ uri: request.params.uri, text: 'read' }],
  }));
  if (completions)
    server.setRequestHandler('completion/complete', (request) => ({
      completion: { values: [`${request.params.argument.value}!`], total: 40, hasMore: true },
    }));
  return server;
}

const sentMethods = (session: Awaited<ReturnType<typeof connectedInMemory>>) =>
  session.trace
    .get()
    .frames.filter((frame) => frame.direction === 'out')
    .map((frame) => (frame.message as { method?: string }).method);

describe('reads, gets and completions', () => {
  it('ends a get or a read as an outcome, a refusal too (never a throw)', async () => {
    const session = await connectedInMemory(surfaceServer(false));
    const got = await session.request('prompts/get', { name: 'greet', arguments: { who: 'Ana' } });
    expect(got).toMatchObject({ status: 'ok', result: { messages: [{ content: { text: 'Hello Ana' } }] } });
    const refused = await session.request('prompts/get', { name: 'nope' });
    expect(refused).toMatchObject({
      status: 'protocol-error',
      error: { code: -32602, message: 'No such prompt' },
    });
    expect(await session.request('resources/read', { uri: 'x://1' })).toMatchObject({ status: 'ok' });
  });

  it('does not ask a server that declares no completions', async () => {
    const session = await connectedInMemory(surfaceServer(false));
    await expect(
      session.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'who', value: 'A' }, {}),
    ).rejects.toThrow('does not declare completions');
    expect(sentMethods(session)).not.toContain('completion/complete');
  });

  it('asks one that does, and reads hasMore and total', async () => {
    const session = await connectedInMemory(surfaceServer(true));
    const completion = await session.complete(
      { type: 'ref/prompt', name: 'greet' },
      { name: 'who', value: 'A' },
      {},
    );
    expect(completion).toEqual({ values: ['A!'], total: 40, hasMore: true });
  });

  it('reads a malformed completion as no suggestions, keeping only strings', () => {
    expect(readCompletion(undefined)).toEqual({ values: [] });
    expect(readCompletion({ values: ['a', 2, null, 'b'], total: 'many' })).toEqual({ values: ['a', 'b'] });
    expect(readCompletion({ values: Array.from({ length: 150 }, (_, i) => `v${i}`) }).values).toHaveLength(
      100,
    );
  });
});

describe('resource subscriptions', () => {
  it('before 2026-07-28: resources/subscribe and resources/unsubscribe', async () => {
    const server = new Server(
      { name: 's', version: '1' },
      { capabilities: { resources: { subscribe: true } } },
    );
    server.setRequestHandler('resources/subscribe', () => ({}));
    server.setRequestHandler('resources/unsubscribe', () => ({}));
    const session = await connectedInMemory(server);
    await session.subscribeResource('x://a', true);
    expect(session.state.get().resourceSubscriptions).toEqual(['x://a']);
    await session.subscribeResource('x://a', false);
    expect(session.state.get().resourceSubscriptions).toEqual([]);
    expect(sentMethods(session).filter((method) => method?.startsWith('resources/'))).toEqual([
      'resources/subscribe',
      'resources/unsubscribe',
    ]);
  });

  it('in 2026-07-28: the subscriptions/listen filter names the resources', async () => {
    const filters: unknown[] = [];
    const client = {
      getServerCapabilities: () => ({ resources: { subscribe: true, listChanged: true } }),
      getProtocolEra: () => 'modern',
      listen: (filter: unknown) => {
        filters.push(filter);
        return new Promise(() => {});
      },
    } as unknown as Client;
    const close = openListSubscription(client, () => {}, ['x://a', 'x://b']);
    expect(filters).toEqual([{ resourcesListChanged: true, resourceSubscriptions: ['x://a', 'x://b'] }]);
    close?.();
    // Nothing to listen for: no stream at all.
    const bare = { ...client, getServerCapabilities: () => ({}) } as unknown as Client;
    expect(openListSubscription(bare, () => {}, [])).toBeUndefined();
  });
});
