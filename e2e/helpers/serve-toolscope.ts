import { test } from '@playwright/test';
import { projectPath, startCli, type CliProcess } from '../../test/support/start-cli.ts';

/**
 * Starts `toolscope <args>` once before the tests of a file and stops it after them.
 * Read `.cli` inside tests (it exists once beforeAll has run).
 */
export function serveToolscope(args: string[]): { readonly cli: CliProcess } {
  let cli: CliProcess | undefined;
  test.beforeAll(async () => {
    cli = await startCli(args);
  });
  test.afterAll(async () => {
    await cli?.stop();
  });
  return {
    get cli(): CliProcess {
      if (!cli) throw new Error('Toolscope is not running (read .cli inside a test)');
      return cli;
    },
  };
}

/**
 * For files whose tests each start their own `toolscope <args>`: `serve` starts one, and every one
 * started is stopped after the file's tests.
 */
export function toolscopePerTest(): { serve(args: string[]): Promise<CliProcess> } {
  const clis: CliProcess[] = [];
  test.afterAll(async () => {
    await Promise.all(clis.map((cli) => cli.stop()));
  });
  return {
    async serve(args) {
      const cli = await startCli(args);
      clis.push(cli);
      return cli;
    },
  };
}

/** CLI arguments that inspect @modelcontextprotocol/server-everything over stdio. */
export function everythingOverStdio(): string[] {
  return [
    '--',
    process.execPath,
    projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
    'stdio',
  ];
}
