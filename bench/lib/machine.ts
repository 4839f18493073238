import { execFileSync } from 'node:child_process';
import os from 'node:os';
import playwrightConfig from '../../playwright.config.ts';

/** One line describing where the figures were measured. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const chromium = playwrightConfig.use?.launchOptions?.executablePath;
  let browser = 'Playwright Chromium';
  try {
    if (chromium)
      browser = execFileSync(chromium, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
  } catch {
    // Unknown version; the name is enough.
  }
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GB RAM`;
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${memory}, Node ${process.version}, ${browser}, ${os.type()} ${os.release()}`;
}
