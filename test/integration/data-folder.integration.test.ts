/**
 * The data folder holds recordings and single-user mode's OAuth token file: one that exists and is
 * open to other users is made private (0700) at start, or the bridge refuses to start, saying why.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import { TOKENS } from '../support/hosted-bridge.ts';
import { startCli } from '../support/start-cli.ts';
import { runServe, startServe } from '../support/start-serve.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-data-folder-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A folder under the test's folder with `mode`. */
function dataFolder(name: string, mode: number): string {
  const dir = path.join(folder, name);
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

const modeOf = (dir: string) => statSync(dir).mode & 0o7777;

describe.runIf(process.platform !== 'win32')('the data folder', () => {
  it('toolscope: a folder open to others is made private at start, and the bridge says so', async () => {
    const dir = dataFolder('single-user', 0o755);
    const cli = await startCli(['--data-dir', dir, '--', process.execPath, '-e', '']);
    try {
      expect(cli.output()).toContain(
        `toolscope: The data folder ${dir} was open to other users (mode 0755): it is now private (mode 0700)`,
      );
      expect(modeOf(dir)).toBe(0o700);
    } finally {
      await cli.stop();
    }
  });

  it('toolscope: a folder that cannot be made private (shared by all users) stops the start, exit 2', async () => {
    const dir = dataFolder('shared', 0o1777);
    await expect(startCli(['--data-dir', dir])).rejects.toThrow(
      /exited with 2[\s\S]*The data folder .* is a folder shared by all users \(mode 1777, sticky\): or choose another folder with --data-dir/,
    );
    expect(modeOf(dir)).toBe(0o1777);
  });

  it('toolscope serve: the same for store.dataDir', async () => {
    const config = (dataDir: string) => {
      const file = path.join(folder, `${path.basename(dataDir)}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          version: 1,
          auth: { tokens: [{ user: 'alice', sha256: tokenDigest(TOKENS.alice) }] },
          store: { dataDir },
        }),
      );
      return file;
    };
    const loose = dataFolder('serve-loose', 0o750);
    const serve = await startServe(['--config', config(loose), '--port', '0']);
    try {
      expect(serve.stderr()).toContain(`The data folder ${loose} was open to other users (mode 0750)`);
      expect(modeOf(loose)).toBe(0o700);
    } finally {
      await serve.stop();
    }
    const shared = dataFolder('serve-shared', 0o1777);
    const run = await runServe(['--config', config(shared), '--port', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('or choose another folder with store.dataDir');
  });
});
