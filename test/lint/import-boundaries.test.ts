import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../support/start-cli.ts';

/*
 * The import boundaries of eslint.config.js, proved on the project's real config: the bridge
 * (server/) never imports the web app or the client, and `toolscope check` (cli/) imports the
 * headless client but none of the page. Each case lints a real file with one import added. The rules read no types, so
 * the type-aware parse is turned off here to keep the test quick.
 */
const eslint = new ESLint({
  cwd: projectPath(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

/** The no-restricted-imports messages for `file` with `line` added at its top. */
async function importErrors(file: string, line: string): Promise<string[]> {
  const text = `${line}\n${readFileSync(projectPath(file), 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath: projectPath(file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('refuses the web app and the client in the bridge', async () => {
    expect(await importErrors('server/cli.ts', "import '../web/src/app.tsx';")).toEqual([
      expect.stringContaining('The bridge never imports the web app or the client.'),
    ]);
    expect(
      await importErrors('server/relay/relay.ts', "import '../../client/checks/run-checks.ts';"),
    ).toEqual([expect.stringContaining('The bridge never imports the web app or the client.')]);
    expect(await importErrors('server/relay/relay.ts', "import '#client/checks/run-checks.ts';")).toEqual([
      expect.stringContaining('The bridge never imports the web app or the client.'),
    ]);
  });

  it('lets the check command import the client, never the page or test support', async () => {
    const file = 'cli/check/check-command.ts';
    expect(await importErrors(file, "import '../../client/transport/bridge-transport.ts';")).toEqual([]);
    expect(await importErrors(file, "import '../../web/src/features/checks/checks-panel.tsx';")).toEqual([
      expect.stringContaining('check runs no page UI.'),
    ]);
    expect(await importErrors(file, "import '../../web/src/calls/call-runner.ts';")).toEqual([
      expect.stringContaining('check runs no page UI.'),
    ]);
    expect(await importErrors(file, "import '../../test/support/free-port.ts';")).toEqual([
      expect.stringContaining('Production code never imports test support.'),
    ]);
  });

  it('finds no such import in the files as they are', async () => {
    for (const file of ['server/cli.ts', 'cli/check/check-command.ts', 'cli/headless/in-process-socket.ts'])
      expect(await importErrors(file, '')).toEqual([]);
  });
});
