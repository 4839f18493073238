import { startBridge, type RunningBridge } from '../../server/bridge.ts';
import { projectPath } from './start-cli.ts';

/** A bridge in the test process on a free loopback port. */
export function startTestBridge(
  options: { graceMs?: number; token?: string; recordingsFile?: string } = {},
): Promise<RunningBridge> {
  return startBridge({
    port: 0,
    distDir: projectPath('dist'),
    token: options.token,
    graceMs: options.graceMs ?? 200,
    recordingsFile: options.recordingsFile,
  });
}

/** The stdio command of a fixture server under test/fixtures. */
export function fixtureCommand(name: string): {
  transport: 'stdio';
  command: string;
  args: string[];
  cwd: string;
} {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: ['--import', 'tsx', `test/fixtures/${name}.ts`],
    cwd: projectPath(),
  };
}
