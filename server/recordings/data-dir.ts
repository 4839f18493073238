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
