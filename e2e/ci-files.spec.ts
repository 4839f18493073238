import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { startCli, projectPath, type CliProcess } from '../test/support/start-cli.ts';
import { lastMessage, startScriptedOpenAi, type ScriptedOpenAi } from '../test/fixtures/scripted-openai.ts';
import { runHeadless } from '../test/support/run-headless.ts';

/*
 * The page's two ways into CI: a recording saved as a baseline for `toolscope check --baseline`, and a
 * chat saved as an eval case for `toolscope eval`; each file is run by the command it is for.
 */
const KEY = 'sk-e2e-ci-files';
let endpoint: ScriptedOpenAi;
let cli: CliProcess;
const DEMO = [process.execPath, projectPath('lib/demo-server.js')];

test.beforeAll(async () => {
  endpoint = await startScriptedOpenAi({
    key: KEY,
    models: ['scripted-gpt'],
    script: (body) =>
      lastMessage(body)?.role === 'tool'
        ? { text: 'It is 5.' }
        : { toolCalls: [{ id: 'call_add', name: 'add', arguments: '{"a":2,"b":3}' }] },
  });
  cli = await startCli([], { OPENAI_BASE_URL: endpoint.baseUrl, OPENAI_API_KEY: KEY });
});

test.afterAll(async () => {
  await cli?.stop();
  await endpoint?.close();
});

test('Recordings saves a recording as a baseline, which toolscope check --baseline passes', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await app.selectTool('add');
  await app.setArgumentsJson('{"a": 20, "b": 22}');
  await app.callTool();
  await expect(app.result).toContainText('42');

  await page.getByRole('button', { name: 'Recordings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recordings' });
  const newest = dialog.getByRole('list', { name: 'Recordings' }).getByRole('listitem').first();
  await expect(newest).toContainText('1 call');
  const download = page.waitForEvent('download');
  await newest.getByRole('button', { name: 'Save as baseline' }).click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/\.baseline\.json$/);
  const baseline = JSON.parse(readFileSync(file, 'utf8')) as {
    format: string;
    calls: { tool: string; arguments: unknown }[];
  };
  expect(baseline.format).toBe('toolscope-baseline');
  expect(baseline.calls.map((call) => [call.tool, call.arguments])).toEqual([['add', { a: 20, b: 22 }]]);

  const run = await runHeadless('check', ['--baseline', file, '--', ...DEMO]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toContain('1 call, 1 unchanged, 0 changed or gone.');
});

test('Chat saves a conversation as an eval case, which toolscope eval passes', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Chat' }).click();
  const save = page.getByRole('button', { name: 'Save as eval case' });
  // Offered once there is a conversation to save.
  await expect(save).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill('What is 2 + 3?');
  await page.getByRole('button', { name: 'Send' }).click();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('It is 5.');

  const download = page.waitForEvent('download');
  await save.click();
  const file = await (await download).path();
  const suite = JSON.parse(readFileSync(file, 'utf8')) as { model: string; cases: unknown[] };
  expect(suite).toEqual({
    model: 'scripted-gpt',
    cases: [
      {
        name: 'What is 2 + 3?',
        prompt: 'What is 2 + 3?',
        expect: { tools: [{ name: 'add', args: { a: 2, b: 3 } }] },
      },
    ],
  });

  const run = await runHeadless('eval', [file, '--json', '--', ...DEMO], {
    OPENAI_BASE_URL: endpoint.baseUrl,
    OPENAI_API_KEY: KEY,
  });
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ counts: { cases: 1, passed: 1 } });
});
