import { test, expect, type Locator, type Page } from '@playwright/test';
import { freePort } from '../test/support/free-port.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The page's layout, checked from outside on the built-in demo server at two window sizes: buttons do not
// move, the panels start high, tool names are whole, a short result is visible at once, Ctrl+Enter calls,
// nothing stale claims to be current, and a refused URL is said in plain words.

const served = serveToolscope([]);
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The Connect/Disconnect button, whichever it reads. */
function connectButton(page: Page): Locator {
  return page
    .getByRole('form', { name: 'Connection' })
    .getByRole('button', { name: /^(Connect|Disconnect)$/ });
}

/** The texts cut short (with an ellipsis) in the list's rows. */
function cutTexts(list: Locator): Promise<(string | null)[]> {
  return list
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.flatMap((item) =>
        [...item.querySelectorAll<HTMLElement>('span')]
          .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth)
          .map((el) => el.textContent),
      ),
    );
}

/** Whether `inner` is drawn whole inside `outer` and inside the window. */
async function whollyInside(inner: Locator, outer: Locator, page: Page): Promise<boolean> {
  const a = await box(inner);
  const b = await box(outer);
  const view = page.viewportSize()!;
  return (
    a.x >= b.x &&
    a.y >= b.y &&
    a.x + a.width <= b.x + b.width &&
    a.y + a.height <= b.y + b.height &&
    a.y + a.height <= view.height &&
    a.x + a.width <= view.width
  );
}

/** Whether two boxes share any area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The connection card floats over the centre column only: no panel's tab strip, no Trace header under it. */
async function expectNoStripCovered(page: Page, card: Locator) {
  const cardBox = await box(card);
  const strips = [
    page.getByRole('tablist').first(),
    page.getByRole('region', { name: 'Trace' }).getByRole('button', { name: 'Clear' }),
    page.getByRole('region', { name: 'Trace' }).getByRole('searchbox', { name: 'Filter trace' }),
  ];
  for (const strip of strips) expect(overlap(cardBox, await box(strip))).toBe(false);
  const trace = await box(page.getByRole('region', { name: 'Trace' }));
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(trace.x);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('Connect keeps its place across disconnect, a failed connect and connect; the panels start high', async ({
      page,
    }) => {
      test.slow(); // three connects, one of them failing
      const app = new ToolscopePage(page);
      await app.open(served.cli.url);
      await app.expectConnected();
      const tab = await box(page.getByRole('tab', { name: 'Tools', exact: true }));
      expect(tab.y).toBeLessThanOrEqual(130);

      const places = [await box(connectButton(page))];
      // "Copy link" reads "Link copied" for a moment: the row around it must not move.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
      places.push(await box(connectButton(page)));
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await expect(app.status).toHaveText('Disconnected');
      places.push(await box(connectButton(page)));

      // A URL where nothing listens: said in words a person acts on, and Connect stays where it was.
      const port = await freePort();
      await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Streamable HTTP' });
      await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:${port}/mcp`);
      places.push(await box(connectButton(page)));
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        `Nothing is listening at 127.0.0.1:${port}. Is the server running?`,
      );
      places.push(await box(connectButton(page)));
      // The error and the options float over the panels: the panels do not move; Escape closes the options.
      const tools = page.getByRole('tab', { name: 'Tools', exact: true });
      expect((await box(tools)).y).toBe(tab.y);
      const card = page.getByRole('group', { name: 'Connection card' });
      await expectNoStripCovered(page, card);
      await card.getByText('Why?', { exact: true }).click();
      await expectNoStripCovered(page, card);
      await page.getByRole('button', { name: 'Options' }).click();
      await expect(page.getByRole('combobox', { name: 'Protocol era' })).toBeVisible();
      expect((await box(tools)).y).toBe(tab.y);
      await expectNoStripCovered(page, card);
      await expect(page.getByRole('option', { name: /^2025-11-25 \(newest\)$/ })).toHaveCount(1);
      places.push(await box(connectButton(page)));
      await page.getByRole('combobox', { name: 'Protocol era' }).press('Escape');
      await expect(page.getByRole('combobox', { name: 'Protocol era' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Hide error' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);

      await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'stdio' });
      await page.getByRole('button', { name: 'Connect' }).click();
      await app.expectConnected();
      places.push(await box(connectButton(page)));

      for (const place of places) {
        expect(Math.abs(place.x - places[0]!.x)).toBeLessThanOrEqual(4);
        expect(Math.abs(place.y - places[0]!.y)).toBeLessThanOrEqual(4);
      }
    });

    test('tool names in the list are whole', async ({ page }) => {
      const app = new ToolscopePage(page);
      await app.open(served.cli.url);
      await app.expectConnected();
      await expect(app.toolList.getByRole('listitem').first()).toBeVisible();
      expect(await cutTexts(app.toolList)).toEqual([]);
      // The rows below the fold too (the list draws only what shows): the demo's longest title is last.
      await app.toolList.evaluate((list) => {
        let scroller: Element | null = list;
        while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
        scroller?.scrollTo(0, scroller.scrollHeight);
      });
      await expect(app.toolList.getByText('weather_card', { exact: true })).toBeVisible();
      expect(await cutTexts(app.toolList)).toEqual([]);
    });

    test('a short result is whole on screen after the call, and Ctrl+Enter calls through the approval dialog', async ({
      page,
    }) => {
      test.slow(); // four calls and an outputSchema check in a worker
      const app = new ToolscopePage(page);
      await app.open(served.cli.url);
      await app.expectConnected();

      await app.selectTool('get_weather');
      await app.setArgumentsJson('{"city": "Lisbon"}');
      // The shortcut, from inside the JSON editor: the approval dialog asks as for a click.
      await app.toolPanel.getByRole('textbox', { name: 'Arguments JSON' }).press('Control+Enter');
      await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
      await expect(app.result).toContainText('humidity');
      for (const key of ['"temperature"', '"conditions"', '"humidity"']) {
        const shown = app.result.getByText(key, { exact: true }).first();
        expect(await whollyInside(shown, app.result, page), `${key} is visible without scrolling`).toBe(true);
      }

      await app.selectTool('echo');
      await app.setArgumentsJson('{"message": "whole and visible"}');
      await app.callTool();
      const echoed = app.result.getByText('whole and visible').first();
      await expect(echoed).toBeVisible();
      expect(await whollyInside(echoed, app.result, page)).toBe(true);

      // The shortcut from outside the form too: the tool's row in the list has the focus.
      await app.tool('echo').getByRole('button').first().click();
      await page.keyboard.press('Control+Enter');
      await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
      await expect(app.approvalDialog).toHaveCount(0);

      // A result that breaks its outputSchema is not called OK beside the violation.
      await app.selectTool('bad_structured_output');
      await app.callTool();
      await expect(app.result.getByText('Output schema violation')).toBeVisible();
      await expect(app.result.getByText('Invalid output', { exact: true })).toBeVisible();
      await expect(app.result.getByText('OK', { exact: true })).toHaveCount(0);
      // Its history row agrees (it said a green OK beside the violation).
      const row = (await app.openHistory())
        .getByRole('listitem')
        .filter({ hasText: 'bad_structured_output' });
      await expect(row.getByText('Invalid output', { exact: true })).toBeVisible();
      await expect(row.getByText('OK', { exact: true })).toHaveCount(0);
    });

    test('disconnected, nothing claims to be fresh or connected; the trace marks the next connection', async ({
      page,
    }) => {
      const app = new ToolscopePage(page);
      await app.open(served.cli.url);
      await app.expectConnected();
      await expect(page.getByRole('status', { name: 'Cache' })).toContainText('fresh');
      await app.selectTool('echo');
      await app.setArgumentsJson('{"message": "before"}');
      await app.callTool();
      await expect(app.result).toContainText('before');

      // The frame detail is named as its row is, and closes with its button or Escape.
      const detail = app.trace.getByRole('group', { name: 'Frame detail' });
      const last = app.trace.getByRole('button', { name: /^tools\/call → result #\d+, received/ }).last();
      const name = (await last.getAttribute('aria-label'))!;
      const row = app.trace.getByRole('button', { name, exact: true });
      const rowLabel = name.split(',')[0]!;
      await row.click();
      await expect(detail).toContainText(`${rowLabel}, received`);
      // Its title is whole at both sizes: "tools/call → result #2", never cut to "result #2 · recei…".
      const title = detail.getByText(rowLabel, { exact: false }).first();
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // The open row stays in view above its detail, and the detail's close button is inside the panel.
      await expect(row).toBeInViewport({ ratio: 1 });
      const close = detail.getByRole('button', { name: 'Close frame detail' });
      expect(await whollyInside(close, app.trace, page)).toBe(true);
      await detail.getByRole('button', { name: 'Close frame detail' }).click();
      await expect(detail).toHaveCount(0);
      await row.click();
      await page.keyboard.press('Escape');
      await expect(detail).toHaveCount(0);
      await row.click();
      await expect(detail).toBeVisible();

      await page.getByRole('button', { name: 'Disconnect' }).click();
      await expect(app.status).toHaveText('Disconnected');
      await expect(page.getByRole('status', { name: 'Cache' })).toHaveCount(0);
      await expect(page.getByRole('note').filter({ hasText: 'from the last connection' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Server' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Connection details/ })).toHaveCount(0);
      await expect(app.result.getByRole('note')).toHaveText('from the previous connection');

      await page.getByRole('button', { name: 'Connect' }).click();
      await app.expectConnected();
      await expect(app.result.getByRole('note')).toHaveText('from the previous connection');
      await expect(app.trace.getByText('new connection')).toBeVisible();
      // A frame of the old connection does not stay open as if current.
      await expect(detail).toHaveCount(0);
    });
  });
}
