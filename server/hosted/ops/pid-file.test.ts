import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removePidFile, signalReload, writePidFile } from './pid-file.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function pidFile(content?: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-pid-'));
  folders.push(folder);
  const file = path.join(folder, 'serve.pid');
  if (content !== undefined) writeFileSync(file, content);
  return file;
}

describe('the pid file', () => {
  it('holds this process while it runs, and is removed only while it still does', () => {
    const file = pidFile();
    writePidFile(file);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    removePidFile(file);
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, '12345\n');
    removePidFile(file);
    expect(existsSync(file)).toBe(true);
  });

  it('lets --reload signal a running serve, and refuses a stale or foreign process with one line', () => {
    const sent: [number, NodeJS.Signals | 0][] = [];
    const kill = (pid: number, signal: NodeJS.Signals | 0) => void sent.push([pid, signal]);
    expect(signalReload(pidFile('4242\n'), kill, () => 'node lib/cli.js serve --config team.json')).toMatch(
      /^Asked Toolscope \(process 4242\) to reload its config/,
    );
    expect(sent).toEqual([
      [4242, 0],
      [4242, 'SIGHUP'],
    ]);
    expect(() => signalReload(pidFile('4242'), kill, () => '/usr/sbin/sshd -D')).toThrow(
      'process 4242 is not a toolscope serve',
    );
    const gone = () => {
      throw new Error('ESRCH');
    };
    expect(() => signalReload(pidFile('4242'), gone)).toThrow('no process 4242 is running');
    expect(() => signalReload(pidFile('x'), kill)).toThrow('holds no process id');
    expect(() => signalReload(path.join(tmpdir(), 'no-such-toolscope.pid'), kill)).toThrow(
      'cannot read the pid file',
    );
  });
});
