import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolEraChoice } from '#shared/targets.ts';
import { RELAY_ERROR_CODE } from '#shared/bridge-protocol.ts';
import {
  startBrokenHttpServer,
  type BrokenHttpServer,
  type HttpFault,
} from '../fixtures/broken-http-server.ts';
import { eventsOf, startFaultHarness, type FaultHarness } from './fault-harness.ts';

/** Far longer than any answer takes here: a call that hits it was left hanging. */
const HANG_TIMEOUT_MS = 20_000;

let harness: FaultHarness;
const servers: BrokenHttpServer[] = [];

async function connectTo(fault: HttpFault, era: ProtocolEraChoice = 'auto') {
  const server = await startBrokenHttpServer(fault);
  servers.push(server);
  const session = harness.session();
  await session.connect({ transport: 'http', url: server.url, era });
  return { server, session };
}

beforeAll(async () => {
  harness = await startFaultHarness();
});
afterAll(async () => {
  await harness.close();
  await Promise.all(servers.map((server) => server.close()));
});

describe('an HTTP server that fails', () => {
  it('answering 500 to everything: connecting fails with the status, reported once', async () => {
    const { session } = await connectTo('status-500', 'legacy');
    expect(session.state.get().status).toBe('disconnected');
    expect(session.state.get().error).toMatch(/Bridge: .*Error POSTing to endpoint: Internal meltdown/);
    const httpErrors = eventsOf(session).filter((event) => event.kind === 'http-error');
    expect(httpErrors).toEqual([expect.objectContaining({ status: 500 })]);
  });

  it('answering 500 to everything under Auto: the probe and the handshake fail, each reported', async () => {
    // A 5xx on the probe may be a legacy server that fails on methods it does not know (call-500
    // below is one), so Auto still tries the handshake; only 401 and 403 stop it.
    const { session } = await connectTo('status-500');
    expect(session.state.get().status).toBe('disconnected');
    expect(session.state.get().error).toMatch(/Bridge: .*Error POSTing to endpoint: Internal meltdown/);
    const httpErrors = eventsOf(session).filter((event) => event.kind === 'http-error');
    expect(httpErrors).toEqual([
      expect.objectContaining({ status: 500 }),
      expect.objectContaining({ status: 500 }),
    ]);
  });

  it('answering with the wrong content type: connecting fails and says which type', async () => {
    const { session } = await connectTo('wrong-content-type');
    expect(session.state.get().status).toBe('disconnected');
    expect(session.state.get().error).toContain('Unexpected content type: text/html');
  });

  it('answering a call with 500: the call fails at once and the session goes on', async () => {
    const { session } = await connectTo('call-500');
    expect(session.state.get().status).toBe('connected');
    const outcome = await session.callTool('echo', {}, { timeoutMs: HANG_TIMEOUT_MS });
    expect(outcome.status).toBe('protocol-error');
    expect(outcome.error).toMatchObject({ code: RELAY_ERROR_CODE });
    expect(outcome.error?.message).toContain('Tool backend unavailable');
    expect(session.state.get().status).toBe('connected');
    expect((await session.callTool('echo', {}, { timeoutMs: HANG_TIMEOUT_MS })).status).toBe(
      'protocol-error',
    );
  });

  it('dropping the SSE stream of a call: the call fails at once, not at its timeout', async () => {
    const { session } = await connectTo('drop-stream');
    const outcome = await session.callTool('echo', {}, { timeoutMs: HANG_TIMEOUT_MS });
    expect(outcome.status).toBe('protocol-error');
    expect(outcome.error).toMatchObject({ code: RELAY_ERROR_CODE });
    expect(outcome.error?.message).toContain('The response stream broke before the answer');
    expect(eventsOf(session)).toContainEqual(
      expect.objectContaining({
        kind: 'http-error',
        message: expect.stringContaining('SSE stream disconnected'),
      }),
    );
    expect(session.state.get().status).toBe('connected');
  });

  it('ending the SSE stream of a call without an answer: the call fails at once', async () => {
    const { session, server } = await connectTo('end-stream');
    const outcome = await session.callTool('echo', {}, { timeoutMs: HANG_TIMEOUT_MS });
    expect(outcome.status).toBe('protocol-error');
    expect(outcome.error?.message).toBe('Bridge: The server ended the response stream without answering');
    expect(server.requests).toContain('POST tools/call');
  });
});
