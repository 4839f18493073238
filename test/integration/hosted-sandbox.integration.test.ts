import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { bearer, startTestHostedBridge, type TestHostedBridge } from '../support/hosted-bridge.ts';
import { rawRequest } from '../support/raw-http.ts';

// Hosted mode's MCP Apps sandbox: on its own origin (a port, or a public origin behind a proxy), the page
// told that origin, and the page's own CSP allowing that frame and no other.
const bridges: TestHostedBridge[] = [];
afterAll(async () => {
  for (const bridge of bridges) await bridge.stop();
});

/** The page's Content-Security-Policy, directive by directive. */
async function pagePolicy(bridge: TestHostedBridge): Promise<Map<string, string[]>> {
  const page = await rawRequest(bridge.port, 'GET', '/', bearer('alice'));
  expect(page.status).toBe(200);
  const header = String(page.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function sandboxOriginOf(bridge: TestHostedBridge): Promise<string | undefined> {
  const config = await rawRequest(bridge.port, 'GET', '/api/config', bearer('alice'));
  return (JSON.parse(config.body) as { sandboxOrigin?: string }).sandboxOrigin;
}

describe('hosted mode: the MCP Apps sandbox', () => {
  it('listens on server.sandboxPort; the page may frame that origin and nothing else', async () => {
    const port = await freePort();
    const bridge = await startTestHostedBridge({ server: { sandboxPort: port } }, { record: false });
    bridges.push(bridge);
    const origin = await sandboxOriginOf(bridge);
    expect(origin).toBe(`http://127.0.0.1:${port}`);
    expect(origin).not.toBe(bridge.origin);
    const policy = await pagePolicy(bridge);
    expect(policy.get('frame-src')).toEqual([origin]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // No other directive lets a frame in (child-src would, where frame-src is absent).
    expect(policy.has('child-src')).toBe(false);
    const script = await fetch(`${origin}/sandbox.js`);
    expect(script.status).toBe(200);
    // The proxy page may be framed by the page's origin only.
    const proxy = await fetch(`${origin}/sandbox?host=${encodeURIComponent(bridge.origin)}`);
    expect(proxy.headers.get('content-security-policy')).toMatch(
      new RegExp(`frame-ancestors ${bridge.origin.replace(/[.:/]/g, '\\$&')}$`),
    );
    // Another site cannot name itself there.
    const foreign = await fetch(`${origin}/sandbox?host=${encodeURIComponent('https://evil.example')}`);
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-security-policy')).toBeNull();
  });

  it('behind a proxy, names server.sandboxOrigin to the page and in its frame-src', async () => {
    const bridge = await startTestHostedBridge(
      { server: { sandboxOrigin: 'https://sandbox.toolscope.example.com' } },
      { record: false },
    );
    bridges.push(bridge);
    expect(await sandboxOriginOf(bridge)).toBe('https://sandbox.toolscope.example.com');
    expect((await pagePolicy(bridge)).get('frame-src')).toEqual(['https://sandbox.toolscope.example.com']);
  });
});
