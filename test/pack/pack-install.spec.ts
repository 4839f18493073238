import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ToolscopePage } from '../../e2e/helpers/toolscope-page.ts';
import { startEverythingHttp } from '../support/http-fixture.ts';
import { lastMessage, startScriptedOpenAi } from '../fixtures/scripted-openai.ts';
import { projectPath } from '../support/start-cli.ts';
import {
  childEnv,
  installTarball,
  nodeEnvironments,
  packToolscope,
  startInstalled,
  tempFolder,
  type InstalledToolscope,
} from './packed-toolscope.ts';

/**
 * What a user gets from the registry: `npm pack`, the tarball installed into an empty folder, and
 * `npx toolscope` from there, on the machine's Node and npm and on Node 24 with npm 12 (which runs
 * no dependency's install script unless allowed). Recording must work on both.
 */
const environments = nodeEnvironments();
// Said once, by the runner (not by each worker), since a skipped describe runs no hook to say it.
if (!process.env.TEST_WORKER_INDEX)
  for (const { label, skip } of environments) if (skip) console.warn(`pack test: skipping ${label}: ${skip}`);

for (const environment of environments) {
  test.describe(`the installed package (${environment.label})`, () => {
    test.describe.configure({ mode: 'serial' });
    test.skip(environment.skip !== undefined, environment.skip ?? '');

    const work = tempFolder('toolscope-pack-');
    const env = childEnv(environment.binDir, { TOOLSCOPE_DATA_DIR: `${work.path}/data` });
    const app = `${work.path}/app`;
    let installOutput = '';
    let toolscope: InstalledToolscope | undefined;

    test.beforeAll(async () => {
      test.setTimeout(600_000);
      const tarball = packToolscope(env, work.path);
      mkdirSync(app);
      installOutput = installTarball(env, tarball, app);
      toolscope = await startInstalled(app, env, ['--no-open', '--port', '0']);
    });
    test.afterAll(async () => {
      await toolscope?.stop();
      work.remove();
    });

    test('installs without running or blocking any install script', () => {
      expect(installOutput).not.toMatch(/install-scripts|install scripts/i);
    });

    test('prints the ready line, serves the built page and records', async ({ request }) => {
      const { url, origin, token } = toolscope!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/);
      const page = await request.get(url);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain('<title>Toolscope</title>');
      const recordings = await request.get(`${origin}/api/recordings?token=${encodeURIComponent(token)}`);
      expect(recordings.status(), await recordings.text()).toBe(200);
      expect(toolscope!.output()).not.toMatch(/Recording is off|ExperimentalWarning/);
    });

    test('calls a tool of the demo server in the page and finds the call in its recording', async ({
      page,
    }) => {
      const app = new ToolscopePage(page);
      await app.open(toolscope!.url);
      await app.expectConnected();
      await app.selectTool('echo');
      await app.setArgumentsJson('{"message": "hello from the package"}');
      await app.callTool();
      await expect(app.result).toContainText('hello from the package');

      await page.getByRole('button', { name: 'Recordings' }).click();
      const items = page
        .getByRole('dialog', { name: 'Recordings' })
        .getByRole('list', { name: 'Recordings' });
      await expect(items.getByRole('listitem')).toHaveCount(1);
      await items.getByRole('listitem').getByRole('button', { name: 'Open replay' }).click();
      await expect(page.getByRole('note', { name: 'Replay' })).toBeVisible();
      await expect(app.result).toContainText('hello from the package');
    });

    test('inspects a stdio command given after -- and a server given with --url', async ({ page }) => {
      const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
      const http = await startEverythingHttp('streamableHttp');
      const targets = [
        ['--', 'node', everything, 'stdio'],
        ['--url', http.url],
      ];
      try {
        for (const target of targets) {
          const other = await startInstalled(app, env, ['--no-open', '--port', '0', ...target]);
          try {
            const view = new ToolscopePage(page);
            await view.open(other.url);
            await view.expectConnected();
            await expect(page.getByRole('region', { name: 'Server' })).toContainText('everything');
            await expect(view.tool('echo')).toBeVisible();
          } finally {
            await other.stop();
          }
        }
      } finally {
        await http.stop();
      }
    });

    test('runs toolscope check from its own bundle (lib/check.js) against a stdio server', () => {
      const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
      const check = spawnSync('npx', ['toolscope', 'check', '--json', '--', 'node', everything, 'stdio'], {
        cwd: app,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      });
      expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
      const report = JSON.parse(check.stdout) as { server: { name: string }; listed: Record<string, number> };
      expect(report.server.name).toMatch(/everything/);
      expect(report.listed['tools/list']).toBeGreaterThan(5);
    });

    test('runs toolscope load and eval (a YAML suite) from their bundles against a stdio server', async () => {
      const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
      const server = ['--', 'node', everything, 'stdio'];
      const args = ['--tool', 'echo', '--args', '{"message":"hi"}', '--requests', '20', '--json'];
      const load = spawnSync('npx', ['toolscope', 'load', ...args, ...server], {
        cwd: app,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      });
      expect(load.status, `${load.stdout}${load.stderr}`).toBe(0);
      expect(JSON.parse(load.stdout)).toMatchObject({ calls: 20, errors: 0 });

      const model = await startScriptedOpenAi({
        key: 'pack-key',
        script: (body) =>
          lastMessage(body)?.role === 'tool'
            ? { text: 'It echoed hi.' }
            : { toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"message":"hi"}' }] },
      });
      try {
        const suite = `${work.path}/suite.yaml`;
        writeFileSync(
          suite,
          'cases:\n  - name: echoes\n    prompt: Echo hi\n    expect:\n      tools: [{ name: echo }]\n',
        );
        // spawnSync would block the scripted endpoint's own event loop: the child runs asynchronously.
        const evaluated = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
          (resolve) => {
            const child = spawn('npx', ['toolscope', 'eval', suite, '--json', ...server], {
              cwd: app,
              env: { ...env, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'pack-key' },
            });
            let stdout = '';
            let stderr = '';
            child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
            child.once('close', (code) => resolve({ code, stdout, stderr }));
          },
        );
        expect(evaluated.code, `${evaluated.stdout}${evaluated.stderr}`).toBe(0);
        expect(JSON.parse(evaluated.stdout)).toMatchObject({ counts: { cases: 1, passed: 1 } });
      } finally {
        await model.close();
      }
    });

    test('runs hosted mode: toolscope serve --config, with its sign-in and catalog', async ({ request }) => {
      const token = 'pack-test-token-0123456789';
      const config = `${work.path}/hosted.json`;
      writeFileSync(
        config,
        JSON.stringify({
          version: 1,
          auth: { tokens: [{ user: 'alice', sha256: createHash('sha256').update(token).digest('hex') }] },
          catalog: { mcpServers: { demo: { command: 'node', args: ['--version'] } } },
        }),
      );
      const hosted = await startInstalled(app, env, ['serve', '--config', config, '--port', '0']);
      try {
        expect(hosted.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
        expect((await request.get(`${hosted.origin}/healthz`)).status()).toBe(200);
        expect((await request.get(`${hosted.origin}/api/config`)).status()).toBe(401);
        const signedIn = await request.get(`${hosted.origin}/api/config`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(signedIn.status(), await signedIn.text()).toBe(200);
        expect(await signedIn.json()).toMatchObject({
          hosted: { user: { name: 'alice' }, catalog: [{ name: 'demo' }] },
        });
      } finally {
        await hosted.stop();
      }
    });
  });
}
