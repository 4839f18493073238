import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tightenDataFolder } from './data-dir.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh folder with `mode`. */
function folder(mode: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-data-dir-'));
  folders.push(dir);
  chmodSync(dir, mode);
  return dir;
}

const modeOf = (dir: string) => statSync(dir).mode & 0o7777;
const posix = process.platform !== 'win32';

describe.runIf(posix)('tightenDataFolder', () => {
  it('tightens a folder of this user that others may read to 0700, and says so', () => {
    const dir = folder(0o755);
    expect(tightenDataFolder(dir)).toBe(
      `The data folder ${dir} was open to other users (mode 0755): it is now private (mode 0700)`,
    );
    expect(modeOf(dir)).toBe(0o700);
  });

  it('leaves a private folder alone, and a missing one (created 0700 when first needed)', () => {
    const dir = folder(0o700);
    expect(tightenDataFolder(dir)).toBeUndefined();
    expect(tightenDataFolder(path.join(dir, 'not-yet'))).toBeUndefined();
    expect(modeOf(dir)).toBe(0o700);
  });

  it("refuses another user's folder that is open to others, and changes nothing", () => {
    const dir = folder(0o750);
    const someoneElse = statSync(dir).uid + 1;
    expect(() => tightenDataFolder(dir, { uid: someoneElse })).toThrow(
      `The data folder ${dir} is open to other users (mode 0750) and belongs to another user (uid ${statSync(dir).uid}): its owner can make it private with "chmod 700 ${dir}", or choose another folder with --data-dir`,
    );
    expect(modeOf(dir)).toBe(0o750);
  });

  it('refuses a folder shared by all users (the sticky bit, as /tmp), naming the setting to change', () => {
    const dir = folder(0o1777);
    expect(() => tightenDataFolder(dir, { flag: 'store.dataDir' })).toThrow(
      /shared by all users \(mode 1777, sticky\): or choose another folder with store\.dataDir/,
    );
    expect(modeOf(dir)).toBe(0o1777);
  });

  it('refuses a file in its place', () => {
    const file = path.join(folder(0o700), 'file');
    writeFileSync(file, '');
    expect(() => tightenDataFolder(file)).toThrow(/is not a folder/);
  });

  it('does nothing on Windows, which has no such modes', () => {
    const dir = folder(0o777);
    expect(tightenDataFolder(dir, { platform: 'win32' })).toBeUndefined();
    expect(modeOf(dir)).toBe(0o777);
  });
});
