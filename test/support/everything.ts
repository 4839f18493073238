import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startEverythingHttp } from './http-fixture.ts';
import { projectPath } from './start-cli.ts';

/** server-everything's entry point, as the headless commands and the bridge run it over stdio. */
export const EVERYTHING = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** The stdio command of server-everything. */
export function everythingStdio(): string[] {
  return [process.execPath, EVERYTHING];
}

/**
 * Writes an `--args-file` for `toolscope check` against server-everything into `folder` and answers its
 * path. Its trigger-long-running-operation defaults to 10 s in 5 steps, which would be most of a check's
 * time; one step of one second still runs the tool (and its progress) and leaves every other tool's
 * arguments to the check.
 */
export function everythingArgsFile(folder: string): string {
  const file = path.join(folder, 'everything-args.json');
  writeFileSync(file, JSON.stringify({ 'trigger-long-running-operation': { duration: 1, steps: 1 } }));
  return file;
}

/**
 * server-everything over Streamable HTTP for the tests of a describe block (or file): started in
 * beforeAll, stopped in afterAll. Read `.url` inside a test.
 */
export function everythingOverHttp(): { readonly url: string } {
  let server: Awaited<ReturnType<typeof startEverythingHttp>> | undefined;
  beforeAll(async () => {
    server = await startEverythingHttp('streamableHttp');
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get url(): string {
      if (!server) throw new Error('server-everything is not running (read .url inside a test)');
      return server.url;
    },
  };
}
