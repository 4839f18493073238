/**
 * The authorization server moves (issue 24): the protected resource metadata names another one and
 * the resource takes only its tokens. The connection's token is refused, so it discovers again,
 * registers at the new server and signs in there; the registration at the first one is kept (per
 * issuer), so moving back signs in there without registering again. Against two oidc-providers.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import type { OAuthStep } from '#shared/oauth-step.ts';
import { HttpUpstream } from '../../server/upstream/http-upstream.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { waitFor } from '../support/node-session.ts';

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(async () => {
  await fixture.close();
});

it('discovers and registers again at the new authorization server; moving back reuses the first registration', async () => {
  const upstream = new HttpUpstream(
    { transport: 'http', url: fixture.mcpUrl },
    { oauth: { headless: true } },
  );
  const events: BridgeEvent[] = [];
  const answers = new Map<number, JSONRPCMessage>();
  upstream.onevent = (event) => events.push(event);
  upstream.onmessage = (message) => {
    if ('id' in message && !('method' in message)) answers.set(Number(message.id), message);
  };
  let nextId = 1;
  const ask = async (method: string, params: Record<string, unknown>) => {
    const id = nextId++;
    const message = { jsonrpc: '2.0' as const, id, method, params };
    await upstream.send(message, JSON.stringify(message));
    await waitFor(() => answers.has(id), `the answer to ${method}`);
    return JSON.stringify(answers.get(id));
  };
  const steps = () =>
    events.flatMap((event) => (event.kind === 'oauth-step' ? [event.step] : [])) as OAuthStep[];
  const whoami = () => ask('tools/call', { name: 'whoami', arguments: {} });
  await upstream.start();
  try {
    await ask('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'moving', version: '0' },
    });
    expect(await whoami()).toContain('scopes mcp:tools');
    expect(fixture.registeredAt).toEqual([fixture.issuer]);

    const moved = await fixture.moveAuthorizationServer();
    const before = steps().length;
    expect(await whoami()).toContain('scopes mcp:tools');
    expect(fixture.registeredAt).toEqual([fixture.issuer, moved]);
    const after = steps().slice(before);
    expect(after.find((step) => step.kind === 'resource-metadata')?.status).toBe(200);
    expect(after.find((step) => step.kind === 'server-metadata')?.url).toContain(moved);
    expect(after.find((step) => step.kind === 'authorize')?.url).toContain(moved);

    // Back to the first: its registration was kept for it, so no new one.
    expect(await fixture.moveAuthorizationServer()).toBe(fixture.issuer);
    const back = steps().length;
    expect(await whoami()).toContain('scopes mcp:tools');
    expect(fixture.registeredAt).toEqual([fixture.issuer, moved]);
    expect(
      steps()
        .slice(back)
        .find((step) => step.kind === 'authorize')?.url,
    ).toContain(fixture.issuer);
    expect(
      steps()
        .slice(back)
        .some((step) => step.kind === 'registration'),
    ).toBe(false);
  } finally {
    await upstream.close();
  }
});
