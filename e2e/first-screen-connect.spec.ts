import { createServer, type Server, type Socket } from 'node:net';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The first screen's connection bar and Tools pane at the sizes people use: the connect-error card's one
// layout inside the Tool pane, the era picker saying why it is disabled, the Tools count line keeping
// Refresh inside the pane, Disconnect's one look, the Options card closing; the tool filter and shared links.

const served = serveToolscope([]);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that takes connections and never answers: a connect to it stays "Connecting". */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The connect error for `url` is laid out the one way: inside the Tool pane's border; the message, then
 * "Why?" on its own line under it; × at the top right.
 */
async function expectErrorCardLayout(page: Page, url: string, message: RegExp): Promise<void> {
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await page.getByRole('button', { name: 'Connect' }).click();
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  const card = page.getByRole('group', { name: 'Connection card' });
  const pane = await box(page.getByRole('region', { name: 'Tool', exact: true }));
  const cardBox = await box(card);
  expect(cardBox.y).toBeGreaterThan(pane.y); // not across the pane's top border
  expect(cardBox.x).toBeGreaterThan(pane.x);
  expect(cardBox.x + cardBox.width).toBeLessThan(pane.x + pane.width);
  const text = await box(alert);
  const why = await box(card.getByText('Why?', { exact: true }));
  const hide = await box(card.getByRole('button', { name: 'Hide error' }));
  expect(why.y).toBeGreaterThanOrEqual(text.y + text.height - 1); // its own line, under the message
  expect(Math.abs(why.x - text.x)).toBeLessThanOrEqual(16); // and at its left edge (the ▸ marker before it)
  expect(hide.y).toBeLessThan(text.y + text.height / 2 + 8); // × at the top...
  expect(hide.x).toBeGreaterThan(text.x + text.width - 1); // ...right of the message
  expect(hide.x + hide.width).toBeGreaterThan(cardBox.x + cardBox.width - 24); // at the card's right edge
  // No empty band: the card ends just under "Why?".
  expect(cardBox.y + cardBox.height - (why.y + why.height)).toBeLessThan(16);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width}: every connect error has one card layout, inside the Tool pane`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(app.status).toHaveText('Disconnected');
    await page.getByRole('combobox', { name: 'Transport' }).selectOption('Streamable HTTP');
    await expectErrorCardLayout(page, `http://127.0.0.1:${await closedPort()}/mcp`, /Nothing is listening/);
    if (viewport.width === 1280)
      await expectErrorCardLayout(page, 'http://127.0.0.1:1/mcp', /Port 1 is blocked/);
  });
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Disconnect keeps one look; Options says why the era is fixed, and closes on connect or a click elsewhere', async ({
    page,
  }) => {
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    const disconnect = page.getByRole('button', { name: 'Disconnect' });
    await page.mouse.move(0, 0); // no hover
    const connectedLook = await disconnect.evaluate((element) => getComputedStyle(element).backgroundColor);

    // While connected the era cannot change, and the picker says so beside it.
    const options = page.getByRole('button', { name: 'Options' });
    await options.click();
    const era = page.getByRole('combobox', { name: 'Protocol era' });
    await expect(era).toBeDisabled();
    await expect(era).toHaveAccessibleDescription('Disconnect to change the era');
    // A click on plain text elsewhere (it moves no focus) closes the card that floats over the Tool pane.
    await page.getByText(/^Select a tool on the left/).click();
    await expect(era).toHaveCount(0);

    // After a reconnect the count line says "cached", and Refresh stays inside the Tools pane.
    await disconnect.click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    const browser = page.getByRole('region', { name: 'Tool browser' });
    await expect(browser.getByRole('status', { name: 'Cache' })).toHaveText(/^fresh \d+ s · cached$/);
    const refresh = await box(browser.getByRole('button', { name: 'Refresh' }));
    const list = await box(browser);
    expect(refresh.x + refresh.width).toBeLessThanOrEqual(list.x + list.width);

    // While connecting, Disconnect looks as it does connected; the era picker is free again once disconnected.
    await disconnect.click();
    await options.click();
    await expect(era).toBeEnabled();
    await expect(era).toHaveAccessibleDescription(/probes with server\/discover/);
    await options.click();
    const silent = await silentServer();
    try {
      await page.getByRole('combobox', { name: 'Transport' }).selectOption('Streamable HTTP');
      await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:${silent.port}/mcp`);
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(app.status).toHaveText('Connecting…');
      await page.mouse.move(0, 0);
      expect(await disconnect.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        connectedLook,
      );
      await disconnect.click();
      await expect(app.status).toHaveText('Disconnected');
    } finally {
      await silent.close();
    }
  });
});

test.describe('at 1280x800, the tool filter and shared links', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the tool filter says when it hides every tool and clears for another server; a link opens in another tab without the token; no prompts/list undeclared', async ({
    page,
    browser,
  }) => {
    test.slow(); // three connects and two more pages
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    const tools = page.getByRole('region', { name: 'Tool browser' });
    const filter = tools.getByRole('searchbox', { name: 'Filter tools' });

    // The demo declares no prompts, and opening the tab asks nothing (checked at the end).
    await page.getByRole('tab', { name: 'Prompts' }).click();
    await expect(page.getByText('This server does not declare prompts.')).toBeVisible();
    // Resources, declared, are listed: once their answer is in the trace, a prompts/list sent before would be too.
    await page.getByRole('tab', { name: 'Resources' }).click();
    await expect(app.trace.getByRole('button', { name: /^resources\/list → result/ })).toBeVisible();
    await expect(app.trace.getByRole('button', { name: /prompts\/list/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();

    // A filter that hides every tool says so, and one click clears it.
    await filter.fill('no such tool');
    await expect(tools.getByText('No tool matches "no such tool"')).toBeVisible();
    await tools.getByRole('button', { name: 'Clear filter' }).click();
    await expect(filter).toHaveValue('');
    await expect(tools.getByText(/^No tool matches/)).toHaveCount(0);

    // A copied link says it leaves the token out; another tab of this browser opens it with the
    // token this tab holds, and a browser holding none is asked calmly.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Link copied (without the access token)' }),
    ).toBeVisible();
    const link = page.url();
    expect(link).toContain('#link=');
    expect(link).not.toContain(served.cli.token);
    const tab = await page.context().newPage();
    await tab.goto(link);
    await expect(tab.getByRole('note', { name: 'Shared link' })).toBeVisible();
    await expect(new ToolscopePage(tab).status).toHaveText('Disconnected');
    await tab.close();
    const stranger = await browser.newContext();
    try {
      const alone = await stranger.newPage();
      await alone.goto(link);
      await expect(
        alone.getByText(/^This link needs the bridge's access token \(links leave it out on purpose\)/),
      ).toBeVisible();
      await expect(alone.getByRole('alert')).toHaveCount(0);
      await expect(alone.getByRole('textbox', { name: 'Access token' })).toBeVisible();
    } finally {
      await stranger.close();
    }

    // The filter stays across a reconnect to the same server, and clears for another one.
    await filter.fill('weather');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await expect(filter).toHaveValue('weather');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const args = page.getByRole('textbox', { name: 'Arguments', exact: true });
    await args.fill(`${await args.inputValue()} --port 3002`); // the demo again, as another target
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await expect(filter).toHaveValue('');
  });
});
