import { chmodSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Name of the recordings file inside the data folder. */
export const RECORDINGS_FILE = 'recordings.sqlite';

/**
 * The folder Toolscope keeps its data in: `--data-dir`, else $TOOLSCOPE_DATA_DIR, else the
 * platform's per-user data folder ($XDG_DATA_HOME or ~/.local/share on Linux).
 */
export function dataDirectory(
  explicit: string | undefined,
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (explicit) return path.resolve(explicit);
  if (env.TOOLSCOPE_DATA_DIR) return path.resolve(env.TOOLSCOPE_DATA_DIR);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'toolscope');
  if (platform === 'win32')
    return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'toolscope');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'toolscope');
}

/** Who may read the data folder: only its owner. */
const PRIVATE_MODE = 0o700;

/**
 * Makes an existing data folder private to its user, or says why it cannot: the folder holds
 * recordings and (single-user mode) the OAuth token file, and `mkdir` never changes the mode of a
 * folder that is already there. A folder open to others (group or world bits) that belongs to
 * this user is tightened to 0700 and the returned note says so; one that belongs to someone else,
 * or that cannot be changed, is refused with an Error naming what to do. A missing folder is left
 * alone (it is created 0700 when first needed); Windows has no such modes.
 */
export function tightenDataFolder(
  dir: string,
  options: { uid?: number; platform?: NodeJS.Platform; flag?: string } = {},
): string | undefined {
  const platform = options.platform ?? process.platform;
  if (platform === 'win32') return undefined;
  const uid = options.uid ?? process.getuid?.();
  const choose = `or choose another folder with ${options.flag ?? '--data-dir'}`;
  let stat;
  try {
    stat = statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Cannot read the data folder ${dir}: ${(error as Error).message}`, { cause: error });
  }
  if (!stat.isDirectory()) throw new Error(`The data folder ${dir} is not a folder: ${choose}`);
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  const shown = `mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')}`;
  // A folder with the sticky bit (/tmp) is meant to be shared: never made private.
  if (stat.mode & 0o1000)
    throw new Error(`The data folder ${dir} is a folder shared by all users (${shown}, sticky): ${choose}`);
  if (uid !== undefined && stat.uid !== uid)
    throw new Error(
      `The data folder ${dir} is open to other users (${shown}) and belongs to another user (uid ${stat.uid}): ` +
        `its owner can make it private with "chmod 700 ${dir}", ${choose}`,
    );
  try {
    chmodSync(dir, PRIVATE_MODE);
  } catch (error) {
    throw new Error(
      `The data folder ${dir} is open to other users (${shown}) and could not be made private ` +
        `(${(error as Error).message}): run "chmod 700 ${dir}", ${choose}`,
      { cause: error },
    );
  }
  return `The data folder ${dir} was open to other users (${shown}): it is now private (mode 0700)`;
}
