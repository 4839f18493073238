/**
 * Browser sign-in through the bridge, with the page's session code in Node standing in for the
 * page and a fetch that follows redirects standing in for the person: the bridge tells the page to
 * sign in, the authorization server sends the browser to the bridge's /oauth/callback, and the
 * connection goes on by itself. Then the bytes the bridge stored (the recordings database) and
 * what the page holds are searched for every access token the server saw: none may be there.
 * The same over Streamable HTTP and legacy SSE (the fixture serves its server both ways).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { bridgeCallbackUrl, lastSignInUrl, signInThroughBridge } from '../support/bridge-sign-in.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-bridge-test-token-0123456789';
let dir: string;
let fixture: OAuthFixture;
let bridge: RunningBridge | undefined;

beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await fixture.close();
});

describe.each([
  ['Streamable HTTP', 'http' as const, () => fixture.mcpUrl],
  ['legacy SSE', 'sse' as const, () => fixture.sseUrl],
])('over %s', (_name, transport, url) => {
  it('signs in through /oauth/callback, then calls a tool; no access token in the recordings, the page state or the trace', async () => {
    await signInAndCall(transport, url());
  });
});

async function signInAndCall(transport: 'http' | 'sse', url: string): Promise<void> {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-oauth-'));
  bridge = await startTestBridge({ token: TOKEN, recordingsFile: path.join(dir, 'recordings.sqlite') });
  const running = bridge;
  const seenBefore = fixture.tokensSeen.length;
  const ssePostsBefore = fixture.ssePosts();
  const session = createNodeSession(`http://127.0.0.1:${running.port}`, TOKEN);
  const connected = session.connect({ transport, url });
  await waitFor(() => lastSignInUrl(session) !== undefined, 'the bridge to ask for sign-in');
  const callbackUrl = bridgeCallbackUrl(running.port);
  const landing = await signInThroughBridge(lastSignInUrl(session)!, callbackUrl);
  expect(landing.status).toBe(200);
  expect(landing.text).toContain('You can close this tab');
  await connected;
  expect(session.state.get().status).toBe('connected');
  expect(session.state.get().tools.map((tool) => tool.name)).toEqual(['whoami', 'admin']);
  const outcome = await session.callTool('whoami', {});
  expect(JSON.stringify(outcome)).toContain('scopes mcp:tools');
  // Each message took the transport asked for: legacy SSE's are posted to its messages endpoint.
  expect(fixture.ssePosts() > ssePostsBefore).toBe(transport === 'sse');

  // A callback nobody waits for (replayed, or forged) is refused.
  expect((await fetch(`${callbackUrl}?${landing.params}`)).status).toBe(400);

  const pageState = JSON.stringify(session.state.get());
  await session.disconnect();
  await running.close();
  bridge = undefined;
  expect(fixture.tokensSeen.length).toBeGreaterThan(seenBefore);
  const stored = readdirSync(dir).map((name) => readFileSync(path.join(dir, name)).toString('latin1'));
  expect(stored.join('').length).toBeGreaterThan(0);
  expect(stored.join('')).toContain('whoami'); // the recording holds the session...
  for (const token of new Set(fixture.tokensSeen)) {
    for (const bytes of stored) expect(bytes).not.toContain(token); // ...but not its token
    expect(pageState).not.toContain(token);
  }
  expect(pageState).not.toContain(landing.params.get('code')!);
}
