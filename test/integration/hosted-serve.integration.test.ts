import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import { fixtureEntry, TOKENS } from '../support/hosted-bridge.ts';
import { startHostedEchoHttp } from '../support/hosted-echo-http.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { cookiesOf, rawRequest } from '../support/raw-http.ts';
import { processExists } from '../support/start-cli.ts';
import { runServe, startServe } from '../support/start-serve.ts';

/** Every secret the bridge is given or sees; none may be written to its log, audit log or store. */
const SECRETS = {
  session: 'serve-test-session-secret-0123456789abcdef',
  leaky: 'leaky-env-secret-value-42',
  team: 'team-header-secret-value-17',
  userHeader: 'user-own-upstream-token-93',
};

let folder: string;
let http: Awaited<ReturnType<typeof startHostedEchoHttp>>;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'toolscope-serve-'));
  http = await startHostedEchoHttp();
});
afterAll(async () => {
  await http.stop();
  rmSync(folder, { recursive: true, force: true });
});

function writeConfig(name: string, config: unknown): string {
  const file = path.join(folder, name);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

const auth = { tokens: [{ user: 'alice', sha256: tokenDigest(TOKENS.alice) }] };

describe('toolscope serve', () => {
  it('prints the ready line without a token; --port overrides the config', async () => {
    const file = writeConfig('plain.json', {
      version: 1,
      auth,
      server: { port: 1 },
      store: { record: false },
    });
    const serve = await startServe(['--config', file, '--port', '0']);
    try {
      expect(serve.stdout()).toMatch(/^Toolscope ready: http:\/\/127\.0\.0\.1:\d+\/\n$/);
      expect(serve.stdout()).not.toContain('token');
      expect((await fetch(`${serve.url}healthz`)).status).toBe(200);
      expect((await fetch(`${serve.url}api/config`)).status).toBe(401);
      expect(
        (await fetch(`${serve.url}api/config`, { headers: { authorization: `Bearer ${TOKENS.alice}` } }))
          .status,
      ).toBe(200);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('refuses a config with a problem, naming the key', async () => {
    const file = writeConfig('bad.json', {
      version: 1,
      auth: { tokens: [{ user: 'alice', sha256: 'xyz' }] },
      limits: { connectionsPerUser: 0 },
    });
    const run = await runServe(['--config', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'auth.tokens[0].sha256: expected the SHA-256 of the token: 64 hexadecimal characters',
    );
    expect(run.stderr).toContain('limits.connectionsPerUser:');
  });

  it('writes no secret to its log, audit log or store, and ends its servers on SIGTERM', async () => {
    const auditFile = path.join(folder, 'audit', 'audit.log');
    const dataDir = path.join(folder, 'data');
    const file = writeConfig('secrets.json', {
      version: 1,
      auth: { ...auth, session: { secrets: ['${env:SESSION_KEY}'] } },
      catalog: {
        mcpServers: {
          leaky: fixtureEntry('hosted-echo-server', { env: { SECRET_KEY: '${env:LEAKY}' } }),
          remote: { url: http.url, headers: { 'X-Team': '${env:TEAM}' }, userHeaders: ['Authorization'] },
        },
      },
      store: { dataDir },
      log: { level: 'debug', auditFile },
    });
    const serve = await startServe(['--config', file, '--port', '0'], {
      SESSION_KEY: SECRETS.session,
      LEAKY: SECRETS.leaky,
      TEAM: SECRETS.team,
    });
    const origin = serve.url.slice(0, -1);
    const signedIn = await rawRequest(
      serve.port,
      'POST',
      '/signin',
      { 'content-type': 'application/x-www-form-urlencoded', origin },
      `token=${TOKENS.alice}`,
    );
    const cookie = cookiesOf(signedIn)[0]!;
    const page = await HostedPage.open(serve.port, { cookie, origin });
    await page.open({ catalog: { server: 'leaky' } });
    // The server echoes the catalog's secret: the user's page gets it masked: it is the admin's, not the user's.
    expect((await page.callTool('env', { name: 'SECRET_KEY' })).result?.content?.[0]?.text).toBe('***');
    // Users get no `spawned` event (it names the command): the server says its own process id.
    const pid = Number((await page.callTool('pid')).result?.content?.[0]?.text);
    expect(pid).toBeGreaterThan(0);
    const other = await HostedPage.open(serve.port, { authorization: `Bearer ${TOKENS.alice}` });
    await other.open({
      catalog: { server: 'remote', headers: { Authorization: `Bearer ${SECRETS.userHeader}` } },
    });
    const headers = (await other.callTool('headers')).result?.content?.[0]?.text ?? '';
    expect(headers).toContain(SECRETS.userHeader);
    expect(headers).not.toContain(SECRETS.team);

    expect(await serve.stop()).toBe(0);
    expect(processExists(pid)).toBe(false);
    expect(serve.stderr()).toContain('Toolscope hosted bridge stopped');

    const audit = readFileSync(auditFile, 'utf8');
    expect(statSync(auditFile).mode & 0o777).toBe(0o600);
    const events = audit
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'sign-in', user: 'alice', via: 'token', outcome: 'ok' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'connect', server: 'leaky', outcome: 'ok', user: 'alice' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'tool-call', server: 'remote', tool: 'headers', outcome: 'ok' }),
    );
    const store = readdirSync(dataDir).map((name) => readFileSync(path.join(dataDir, name)));
    const written = [Buffer.from(serve.stdout()), Buffer.from(serve.stderr()), Buffer.from(audit), ...store];
    expect(store.length).toBeGreaterThan(0);
    for (const secret of [...Object.values(SECRETS), TOKENS.alice, cookie.split('=')[1]!])
      for (const bytes of written) expect(bytes.includes(secret)).toBe(false);
    // The recording kept the calls, with the secrets blanked.
    expect(Buffer.concat(store).includes('"headers"')).toBe(true);
  });
});
