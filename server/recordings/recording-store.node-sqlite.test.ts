import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeRecordingStore } from '../../test/support/recording-store-cases.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import { availableSqliteDrivers } from './sqlite-driver.ts';

const hasNodeSqlite = availableSqliteDrivers().includes('node:sqlite');

if (hasNodeSqlite) describeRecordingStore('node:sqlite');
else
  describe.skip(`RecordingStore on node:sqlite: not built into Node ${process.version} (22.13 and newer)`, () => {
    it('is tested on Node 22.13 and newer', () => {});
  });

describe.runIf(hasNodeSqlite)('node:sqlite in a Toolscope process', () => {
  it('is preferred, and prints no ExperimentalWarning while other warnings still print', () => {
    const script = [
      "import { openSqlite } from './server/recordings/sqlite-driver.ts';",
      "const db = openSqlite(':memory:');",
      'console.log(db.driver);',
      'db.close();',
      "process.emitWarning('still printed', 'ExperimentalWarning');",
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectPath(),
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('node:sqlite');
    expect(run.stderr).not.toMatch(/SQLite is an experimental feature/);
    expect(run.stderr).toMatch(/ExperimentalWarning: still printed/);
  });
});
