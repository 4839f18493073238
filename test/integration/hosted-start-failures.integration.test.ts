import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import { freePort } from '../support/free-port.ts';
import { projectPath } from '../support/start-cli.ts';
import { runServe } from '../support/start-serve.ts';
import { toolscopeEntry } from '../support/toolscope-entry.ts';

/*
 * What an admin sees when a start cannot work: one line naming the cause and the setting, exit 2,
 * and no stack trace after it (pino's "sonic boom is not ready yet" came after the line when the
 * audit file was still opening).
 */
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'toolscope-start-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function config(name: string, extra: Record<string, unknown>): string {
  const file = path.join(folder, name);
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      auth: {
        tokens: [{ user: 'alice', sha256: tokenDigest('start-alice-token-0123456789') }],
        session: { secrets: ['start-session-secret-0123456789abcdef'] },
      },
      log: { auditFile: path.join(folder, `${name}.audit.log`) },
      ...extra,
    }),
  );
  return file;
}

/** The lines a run printed on stderr that are not JSON log lines. */
function plainLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() && !line.startsWith('{'));
}

describe('a serve that cannot start', () => {
  it('says in one line that its port is taken, exit 2, no stack trace', async () => {
    const taken: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)),
    );
    try {
      const run = await runServe([
        '--config',
        config('taken.json', { store: { record: false } }),
        '--port',
        String(port),
      ]);
      expect(run.code).toBe(2);
      expect(plainLines(run.stderr)).toEqual([
        `toolscope serve: Cannot start: 127.0.0.1:${port} is already in use (--port): stop what listens there, or choose another port`,
      ]);
      expect(run.stderr).not.toMatch(/sonic boom|\n\s+at /);
    } finally {
      taken.close();
    }
  });

  it('takes databaseUrl from the environment and names an unreachable database by its address, never its password', async () => {
    const port = await freePort();
    const file = config('database.json', { store: { databaseUrl: '${env:TEAM_DATABASE_URL}' } });
    const run = await runServe(['--config', file, '--port', '0'], {
      TEAM_DATABASE_URL: `postgres://toolscope:hunter2-secret@127.0.0.1:${port}/toolscope`,
    });
    expect(run.code).toBe(2);
    const lines = plainLines(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^toolscope serve: Cannot start: the recordings store: /);
    expect(lines[0]).toContain(`127.0.0.1:${port}`);
    expect(run.stderr).not.toContain('hunter2-secret');
    expect(run.stderr).not.toContain('expected a postgres:// URL');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('toolscope --version', () => {
  it('prints the version and exits 0', async () => {
    const version = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string })
      .version;
    const child = spawn(process.execPath, [...toolscopeEntry(), '--version'], {
      cwd: projectPath(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });
});
