/**
 * Screenshots of the page for a design review (not part of `npm test`): the states a person meets, at three
 * window sizes, light and dark, into /tmp/ux-shots/ (or the folder given as the first argument).
 * Run after `npm run build`: `node --import tsx scripts/screenshots.ts [folder] [--only 1280x800-light]`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { projectPath, startCli, type CliProcess } from '../test/support/start-cli.ts';
import { startServe, type ServeProcess } from '../test/support/start-serve.ts';
import { tokenDigest } from '../server/hosted/auth/token-directory.ts';

const HOSTED_TOKEN = 'screenshot-token-0123456789abcdef';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];
const THEMES = ['light', 'dark'] as const;

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const folder =
  args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--only') ?? '/tmp/ux-shots';
mkdirSync(folder, { recursive: true });

const tool = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Tools' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function selectTool(page: Page, name: string): Promise<void> {
  await page
    .getByRole('textbox', { name: 'Filter tools' })
    .or(page.getByRole('searchbox', { name: 'Filter tools' }))
    .fill(name);
  await tool(page, name).getByRole('button').first().click();
  await page
    .getByRole('textbox', { name: 'Filter tools' })
    .or(page.getByRole('searchbox', { name: 'Filter tools' }))
    .fill('');
}

async function call(page: Page, name: string, json?: string): Promise<void> {
  await selectTool(page, name);
  const panel = page.getByRole('region', { name: 'Tool', exact: true });
  if (json !== undefined) {
    await panel.getByRole('tab', { name: 'JSON', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Arguments JSON' }).fill(json);
  }
  await page.getByRole('button', { name: 'Call tool' }).click();
  await page
    .getByRole('dialog', { name: 'Approve tool call' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await page
    .getByRole('region', { name: 'Result' })
    .getByRole('tab', { name: 'Rendered' })
    .waitFor({ timeout: 15_000 });
}

async function shootAll(cli: CliProcess, hosted: ServeProcess | undefined): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const size of SIZES) {
      for (const theme of THEMES) {
        const tag = `${size.width}x${size.height}-${theme}`;
        if (only && only !== tag) continue;
        const context = await browser.newContext({ viewport: size, colorScheme: theme });
        const page = await context.newPage();
        const shot = async (name: string) => {
          await page.screenshot({ path: path.join(folder, `${tag}-${name}.png`) });
        };
        await page.goto(cli.url);
        await page
          .getByRole('status')
          .filter({ hasText: /^Connected$/ })
          .waitFor({ timeout: 30_000 });
        await shot('01-first-screen');
        await call(page, 'get_weather', '{"city": "Lisbon"}');
        await page.getByText('Matches outputSchema').waitFor();
        await shot('02-after-call');
        await selectTool(page, 'create_order');
        await shot('03-nested-form');
        await selectTool(page, 'echo');
        await page.getByRole('button', { name: 'Call tool' }).click();
        await shot('04-approval-dialog');
        await page
          .getByRole('dialog', { name: 'Approve tool call' })
          .getByRole('button', { name: 'Deny' })
          .click();
        for (const [name, json] of [
          ['mixed_content', undefined],
          ['generate_image', undefined],
          ['generate_audio', undefined],
          ['get_resource_link', undefined],
          ['embedded_text_resource', undefined],
          ['bad_structured_output', undefined],
          ['fail_with_tool_error', undefined],
          ['fail_with_protocol_error', undefined],
        ] as const) {
          try {
            await call(page, name, json);
            await shot(`05-result-${name}`);
          } catch (error) {
            console.error(`${tag} ${name}: ${String(error).split('\n')[0]}`);
            await page.keyboard.press('Escape');
          }
        }
        // The trace with a frame open: the last result frame.
        const trace = page.getByRole('region', { name: 'Trace' });
        await trace
          .getByRole('button', { name: /result #/ })
          .last()
          .click();
        await shot('06-trace-frame');
        // Error states: nothing listening, then a 404.
        await page.getByRole('button', { name: 'Disconnect' }).click();
        await shot('07-disconnected');
        await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Streamable HTTP' });
        await page.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/mcp');
        await page.getByRole('button', { name: 'Connect' }).click();
        await page.getByRole('alert').first().waitFor();
        await shot('08-error-blocked-port');
        await page.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:1/mcp');
        await page.getByRole('button', { name: 'Connect' }).click();
        await page.getByRole('alert').first().waitFor();
        await shot('08-error-nothing-listening');
        await page.getByRole('textbox', { name: 'URL' }).fill(`${cli.origin}/nothing-here`);
        await page.getByRole('button', { name: 'Connect' }).click();
        await page.getByRole('alert').first().waitFor();
        await shot('08-error-404');
        await page.getByRole('tab', { name: 'Checks', exact: true }).click();
        await shot('09-checks-disconnected');
        await context.close();

        if (hosted) {
          const hostedContext = await browser.newContext({ viewport: size, colorScheme: theme });
          const hostedPage = await hostedContext.newPage();
          await hostedPage.goto(hosted.url);
          await hostedPage.getByRole('textbox', { name: 'Access token' }).fill(HOSTED_TOKEN);
          await hostedPage.getByRole('button', { name: 'Sign in' }).click();
          await hostedPage.getByText('Signed in as alice').waitFor();
          await hostedPage.getByRole('button', { name: 'Connect' }).click();
          await hostedPage
            .getByRole('status')
            .filter({ hasText: /^Connected$/ })
            .waitFor({ timeout: 30_000 });
          await hostedPage.screenshot({ path: path.join(folder, `${tag}-10-hosted.png`) });
          await hostedContext.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

const cli = await startCli([]);
const hostedFolder = mkdtempSync(path.join(tmpdir(), 'toolscope-shots-'));
let hosted: ServeProcess | undefined;
try {
  hosted = await startHosted();
  await shootAll(cli, hosted);
} finally {
  await cli.stop();
  await hosted?.stop();
  rmSync(hostedFolder, { recursive: true, force: true });
}
console.log(`Screenshots in ${folder}`);

/** Hosted mode with one token user and the demo server in its catalog. */
async function startHosted(): Promise<ServeProcess> {
  const config = path.join(hostedFolder, 'team.json');
  const demo = { command: process.execPath, args: [projectPath('lib/demo-server.js')], cwd: projectPath() };
  writeFileSync(
    config,
    JSON.stringify({
      version: 1,
      auth: { tokens: [{ user: 'alice', sha256: tokenDigest(HOSTED_TOKEN) }] },
      catalog: { mcpServers: { demo } },
      store: { dataDir: path.join(hostedFolder, 'data') },
    }),
  );
  return startServe(['--config', config, '--port', '0']);
}
