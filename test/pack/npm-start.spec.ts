import { expect, test } from '@playwright/test';
import { projectPath } from '../support/start-cli.ts';
import { childEnv, startToolscope, tempFolder } from './packed-toolscope.ts';

/** What `npm start` prints in a checkout, from its first line to the ready line. */
async function npmStart(dataDir: string): Promise<string> {
  const env = childEnv(undefined, { TOOLSCOPE_DATA_DIR: dataDir });
  const started = await startToolscope(
    'npm',
    ['start', '--', '--no-open', '--port', '0'],
    projectPath(),
    env,
    120_000,
  );
  await started.stop();
  return started.output();
}

test('a second npm start with unchanged sources builds nothing and prints no build output', async () => {
  test.setTimeout(300_000);
  const data = tempFolder('toolscope-npm-start-');
  try {
    await npmStart(data.path); // builds whatever is stale
    const output = await npmStart(data.path);
    const before = output.slice(0, output.indexOf('Toolscope ready: '));
    // Only npm's own lines (its "> toolscope@… start" banner and warnings about the user's config) may come first.
    const lines = before.split('\n').filter((line) => line.trim() && !/^(> |npm (warn|notice) )/.test(line));
    expect(lines).toEqual([]);
    expect(output).toMatch(/Toolscope ready: http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  } finally {
    data.remove();
  }
});
