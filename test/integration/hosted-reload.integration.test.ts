import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import { fixtureEntry } from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { cookiesOf, rawRequest } from '../support/raw-http.ts';
import { processExists } from '../support/start-cli.ts';
import { runServe, startServe, type ServeProcess } from '../support/start-serve.ts';

/*
 * A running `toolscope serve` reloads its config on SIGHUP (sent by PID, and by `serve --reload
 * <pid-file>`): a token added signs in, a token removed ends its user's pages with a reason, a
 * catalog entry removed ends its connections, open pages of everyone else stay, a broken config is
 * refused with the running one kept, and the audit file is opened again after logrotate moved it.
 */
const TOKENS = {
  alice: 'reload-alice-token-0123456789abcdef',
  bob: 'reload-bob-token-0123456789abcdef',
  carol: 'reload-carol-token-0123456789abcdef',
};
const SECRET = 'reload-session-secret-0123456789abcdef';

let folder: string;
let serve: ServeProcess;
let configFile: string;
let pidFile: string;
let auditFile: string;

function tokens(...users: (keyof typeof TOKENS)[]) {
  return users.map((user) => ({ user, sha256: tokenDigest(TOKENS[user]) }));
}

function writeConfig(config: Record<string, unknown>): void {
  writeFileSync(
    configFile,
    JSON.stringify({ version: 1, store: { record: false }, log: { auditFile }, ...config }),
  );
}

const catalog = (...names: string[]) => ({
  mcpServers: Object.fromEntries(names.map((name) => [name, fixtureEntry('hosted-echo-server')])),
});

/** Resolves once the serve's stderr holds `text` (its JSON log), within `ms`. */
function untilLogged(text: string, ms = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!serve.stderr().includes(text)) return false;
      clearTimeout(timer);
      serve.child.stderr!.off('data', check);
      resolve();
      return true;
    };
    const timer = setTimeout(() => {
      serve.child.stderr!.off('data', check);
      reject(new Error(`"${text}" was not logged within ${ms} ms:\n${serve.stderr()}`));
    }, ms);
    if (!check()) serve.child.stderr!.on('data', check);
  });
}

/** How many times `text` was logged so far. */
function timesLogged(text: string): number {
  return serve.stderr().split(text).length - 1;
}

async function signsIn(user: keyof typeof TOKENS): Promise<number> {
  const answer = await fetch(`${serve.url}api/config`, {
    headers: { authorization: `Bearer ${TOKENS[user]}` },
  });
  return answer.status;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'toolscope-reload-'));
  configFile = path.join(folder, 'team.json');
  pidFile = path.join(folder, 'serve.pid');
  auditFile = path.join(folder, 'audit.log');
  writeConfig({
    auth: { tokens: tokens('alice', 'bob'), session: { secrets: [SECRET] } },
    catalog: catalog('files', 'retired'),
  });
  serve = await startServe(['--config', configFile, '--port', '0', '--pid-file', pidFile]);
});
afterAll(async () => {
  expect(await serve?.stop()).toBe(0);
  expect(existsSync(pidFile)).toBe(false);
  rmSync(folder, { recursive: true, force: true });
});

describe('reloading the config of a running serve', () => {
  it('takes a new token on SIGHUP, ends what the new config removed, and keeps everything else open', async () => {
    expect(readFileSync(pidFile, 'utf8').trim()).toBe(String(serve.child.pid));
    expect(await signsIn('carol')).toBe(401);
    const alice = await HostedPage.open(serve.port, { authorization: `Bearer ${TOKENS.alice}` });
    await alice.open({ catalog: { server: 'files' } });
    const aliceRetired = await HostedPage.open(serve.port, { authorization: `Bearer ${TOKENS.alice}` });
    await aliceRetired.open({ catalog: { server: 'retired' } });
    const bob = await HostedPage.open(serve.port, { authorization: `Bearer ${TOKENS.bob}` });
    await bob.open({ catalog: { server: 'files' } });
    // logrotate moves the audit file away, then sends SIGHUP.
    renameSync(auditFile, `${auditFile}.1`);

    writeConfig({
      auth: { tokens: tokens('alice', 'carol'), session: { secrets: [SECRET] } },
      catalog: catalog('files'),
      limits: { toolCallsPerMinute: 50 },
    });
    process.kill(serve.child.pid!, 'SIGHUP');
    await untilLogged('"msg":"config reloaded"');

    expect(await signsIn('carol')).toBe(200);
    const origin = serve.url.slice(0, -1);
    const signIn = await rawRequest(
      serve.port,
      'POST',
      '/signin',
      { 'content-type': 'application/x-www-form-urlencoded', origin },
      `token=${TOKENS.carol}`,
    );
    expect(cookiesOf(signIn)).toHaveLength(1);
    expect(await signsIn('bob')).toBe(401);
    // Bob's token is gone: his page is told why, and its socket closes.
    expect(await bob.whenClosed()).toEqual({ code: 1008, reason: expect.stringMatching(/^Your access/) });
    expect(bob.errors()).toContainEqual(
      expect.stringMatching(/^Your access to this Toolscope was withdrawn/),
    );
    // The catalog entry was removed: its connection ended with a reason, the page stays.
    await aliceRetired.next(0, (m) => m.type === 'event' && m.event.kind === 'closed');
    expect(aliceRetired.errors()).toContainEqual(
      expect.stringMatching(/removed this server from the catalog/),
    );
    expect(aliceRetired.closed).toBe(false);
    // Alice's other page never noticed: its socket and its connection are as they were.
    expect(alice.closed).toBe(false);
    expect((await alice.callTool('echo', { text: 'still here' })).result?.content?.[0]?.text).toBe(
      'still here',
    );
    expect(processExists(serve.child.pid!)).toBe(true);

    const audit = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as object);
    expect(audit).toContainEqual(
      expect.objectContaining({
        event: 'config-reload',
        by: 'signal',
        outcome: 'ok',
        applied: expect.arrayContaining(['auth.tokens', 'catalog', 'limits.toolCallsPerMinute']),
      }),
    );
    expect(audit).toContainEqual(expect.objectContaining({ event: 'access-ended', user: 'bob' }));
    expect(readFileSync(`${auditFile}.1`, 'utf8')).toContain('"event":"connect"');
    for (const page of [alice, aliceRetired]) page.close();
  });

  it('refuses a broken config through serve --reload, keeping the running one, and says why at error', async () => {
    const refusedBefore = timesLogged('config reload refused');
    writeConfig({ auth: { tokens: [{ user: 'dave', sha256: 'not-a-digest' }] }, catalog: catalog('files') });
    const asked = await runServe(['--reload', pidFile]);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/^Asked Toolscope \(process \d+\) to reload its config/);
    await untilLogged('config reload refused');
    expect(timesLogged('config reload refused')).toBe(refusedBefore + 1);
    const line = serve
      .stderr()
      .split('\n')
      .find((entry) => entry.includes('config reload refused'))!;
    expect(JSON.parse(line)).toMatchObject({
      level: 50,
      problems: ['auth.tokens[0].sha256: expected the SHA-256 of the token: 64 hexadecimal characters'],
    });
    expect(await signsIn('carol')).toBe(200);
    expect(processExists(serve.child.pid!)).toBe(true);
  });

  it('answers --reload of a stale pid file in one line, exit 2', async () => {
    const stale = path.join(folder, 'stale.pid');
    writeFileSync(stale, '999999\n');
    const asked = await runServe(['--reload', stale]);
    expect(asked.code).toBe(2);
    expect(asked.stderr.trim().split('\n')).toEqual([expect.stringMatching(/no process 999999 is running/)]);
  });
});
