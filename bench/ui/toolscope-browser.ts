import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../../playwright.config.ts';
import { startCli, type CliProcess } from '../../test/support/start-cli.ts';
import { ToolscopePage } from '../../e2e/helpers/toolscope-page.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { installProbe } from './page-probe.ts';

/** What every UI benchmark needs: a browser and a Toolscope CLI serving the bench UI server. */
export interface UiBench {
  browser: Browser;
  cli: CliProcess;
  cleanup: CleanupStack;
}

/** The stdio command of the bench UI server (2,000 tools, bursts, big results). */
export const BENCH_UI_SERVER = [process.execPath, '--import', 'tsx', 'test/fixtures/bench-ui-server.ts'];

/** Launches headless Chromium the way the e2e tests do and starts the CLI on the bench UI server. */
export async function startUiBench(cleanup: CleanupStack): Promise<UiBench> {
  const cli = await startCli(['--', ...BENCH_UI_SERVER]);
  cleanup.defer('the UI bench bridge', () => cli.stop());
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  cleanup.defer('Chromium', () => browser.close());
  return { browser, cli, cleanup };
}

/** A fresh page (own context, probe installed) on the Toolscope page, connected to the server. */
export async function openConnectedPage(bench: UiBench): Promise<{ page: Page; app: ToolscopePage }> {
  const context = await bench.browser.newContext({ viewport: playwrightConfig.use?.viewport ?? null });
  bench.cleanup.defer('a browser context', () => context.close());
  const page = await context.newPage();
  await installProbe(page);
  const app = new ToolscopePage(page);
  await app.open(bench.cli.url);
  await waitForStatus(page, 'Connected');
  await app.toolList.getByRole('listitem').first().waitFor({ timeout: 60_000 });
  return { page, app };
}

/** Waits until the connection status reads `text`. */
export async function waitForStatus(page: Page, text: 'Connected' | 'Disconnected'): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor({ timeout: 60_000 });
}

/**
 * Calls the selected tool once through the approval dialog, ticking "Always allow this tool" so
 * later calls skip it; `approve` performs the final click, so it can be timed.
 */
export async function callApprovingAlways(
  app: ToolscopePage,
  approve: (click: () => Promise<void>) => Promise<void>,
) {
  await app.page.getByRole('button', { name: 'Call tool' }).click();
  await app.approvalDialog.getByRole('checkbox', { name: 'Always allow this tool' }).check();
  await approve(() => app.approvalDialog.getByRole('button', { name: 'Approve' }).click());
}
