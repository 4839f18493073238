import { createServer } from 'node:net';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The first screen against the built-in demo (one probe-free connect, one
// tool list), stale connection states after the target changes, the Server log's words in the
// 2026-07-28 era, and dates that never wrap mid-way in the connection details.

const served = serveToolscope([]);

/** The JSON-RPC methods the page sends to the server, read off its socket to the bridge (batched or not). */
function sentMethods(page: Page): string[] {
  const methods: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const parsed = JSON.parse(String(payload)) as unknown;
      for (const message of (Array.isArray(parsed) ? parsed : [parsed]) as {
        type?: string;
        message?: { method?: string };
      }[])
        if (message.type === 'send' && message.message?.method) methods.push(message.message.method);
    }),
  );
  return methods;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Each of `runs` is laid out on one line (a date broken as "2026-07-" / "28" has two boxes). */
async function expectOneLineEach(runs: Locator): Promise<void> {
  expect(await runs.count()).toBeGreaterThan(0);
  for (const run of await runs.all()) {
    expect(await run.evaluate((element) => element.getClientRects().length)).toBe(1);
    await expect(run).toHaveCSS('white-space', 'nowrap');
  }
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the demo connects without a probe and lists its tools once; the Server log speaks 2026-07-28', async ({
    page,
  }) => {
    const sent = sentMethods(page);
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    await expect(app.tool('echo')).toBeVisible();
    // The bridge knows its demo's era, so no server/discover retries, no liveness ping or
    // tools/list, and the tool list crosses the wire once.
    await expect.poll(() => sent.join(' ')).toBe('server/discover subscriptions/listen tools/list');
    const bar = page.getByRole('form', { name: 'Connection' });
    await bar.getByRole('button', { name: /^Connection details:/ }).click();
    await expect(bar).toContainText(
      /known.*built-in demo server: modern era \(2026-07-28\), known in advance/,
    );
    // An era known in advance is never said to be Auto's choice or a probe's.
    await expect(bar).not.toContainText(/Auto chose|Auto:|probe/);
    // The date in the details never wraps mid-way.
    await expectOneLineEach(bar.locator('span.whitespace-nowrap', { hasText: '2026-07-28' }));
    await page.keyboard.press('Escape');

    // What the level control does, no "deprecated" badge beside it, no Ping that cannot work.
    await page.getByRole('tab', { name: 'Server log' }).click();
    const log = page.getByRole('region', { name: 'Server log' });
    const level = log.getByRole('combobox', { name: 'Log level, sent with each call' });
    await expect(level).toBeVisible();
    await expect(level).toHaveAccessibleDescription(/Logging is deprecated in 2026-07-28/);
    await expect(log.getByText(/deprecated/)).toHaveCount(0);
    await expect(log.getByRole('button', { name: 'Ping server' })).toHaveCount(0);
  });

  test('a connect error goes away once the target changes; OAuth only from Options; Options closes on connect', async ({
    page,
  }) => {
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const transport = page.getByRole('combobox', { name: 'Transport' });
    await transport.selectOption('Streamable HTTP');
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await page.getByRole('button', { name: 'Connect' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Nothing is listening' });
    await expect(error).toBeVisible();
    await expect(app.status).toHaveText('Disconnected');
    // The server never asked for sign-in, so no "OAuth" beside the status...
    const oauth = page.getByRole('button', { name: /OAuth/ });
    await expect(oauth).toHaveCount(0);
    // ...unless the user opens it from the options of an HTTP target.
    const options = page.getByRole('button', { name: 'Options' });
    await options.click();
    await expect(oauth).toBeVisible();
    await options.click();
    await expect(oauth).toHaveCount(0);

    // Another transport, then another URL: the old target's error is not shown as the current one's.
    await transport.selectOption('stdio');
    await expect(error).toHaveCount(0);
    await transport.selectOption('Streamable HTTP');
    await expect(error).toBeVisible(); // the same target again: its error is still true
    await page.getByRole('textbox', { name: 'URL' }).fill(`${url}/other`);
    await expect(error).toHaveCount(0);

    // Options floats over the Tool pane: a connect started from it closes it.
    await transport.selectOption('stdio');
    await options.click();
    const era = page.getByRole('combobox', { name: 'Protocol era' });
    await expect(era).toBeVisible();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(era).toBeHidden();
    await app.expectConnected();
  });
});

test.describe('at 1920x1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the connection details keep dates and durations whole', async ({ page }) => {
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    const bar = page.getByRole('form', { name: 'Connection' });
    await bar.getByRole('button', { name: /^Connection details:/ }).click();
    await expectOneLineEach(bar.locator('span.whitespace-nowrap', { hasText: '2026-07-28' }));
  });
});
