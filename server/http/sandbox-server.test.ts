import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCspDomains } from '#shared/view-csp.ts';
import { startSandbox, type RunningSandbox } from './sandbox-server.ts';

/** The origins the bridge's page is served from, in these tests. */
const PAGES = ['http://127.0.0.1:5000', 'http://localhost:1'];

describe('the sandbox proxy listener', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      isPageOrigin: (origin) => PAGES.includes(origin),
    });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('serves the proxy under the View’s policy, embeddable by the page’s origin only', async () => {
    const csp = encodeCspDomains({ connectDomains: ['https://api.example.com'] });
    const response = await fetch(
      `${sandbox.origin}/sandbox?host=${encodeURIComponent('http://127.0.0.1:5000')}&csp=${csp}`,
    );
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('connect-src https://api.example.com');
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:5000$/);
    expect(await response.text()).toContain('<script src="/sandbox.js">');
  });

  it('uses the restrictive default when the declared domains are garbage', async () => {
    const response = await fetch(`${sandbox.origin}/sandbox?host=http://localhost:1&csp=%25%25`);
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'none'");
  });

  it('refuses a host that is not an origin (it would be written into the header)', async () => {
    for (const host of ['', 'javascript:alert(1)', 'http://a.example; script-src *', 'http://a.example/x']) {
      const response = await fetch(`${sandbox.origin}/sandbox?host=${encodeURIComponent(host)}`);
      expect(response.status).toBe(400);
    }
  });

  it("refuses to be framed by another site: the host parameter must be the bridge's page origin", async () => {
    for (const host of ['https://evil.example', 'http://127.0.0.1:5001', 'https://127.0.0.1:5000']) {
      const response = await fetch(`${sandbox.origin}/sandbox?host=${encodeURIComponent(host)}`);
      expect(response.status, host).toBe(403);
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(await response.text()).toBe("The host parameter must be this bridge's page origin");
    }
  });

  it('serves the script, and nothing else', async () => {
    const script = await fetch(`${sandbox.origin}/sandbox.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const text = await script.text();
    expect(text).toContain('sandbox-proxy-ready');
    // The inner frame's allow comes from the shared permission table (the page sends what the user granted).
    expect(text).toContain('"clipboardWrite":"clipboard-write"');
    expect((await fetch(`${sandbox.origin}/api/config`)).status).toBe(404);
    expect((await fetch(`${sandbox.origin}/sandbox`, { method: 'POST' })).status).toBe(405);
  });
});
