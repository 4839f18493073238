import { test, expect, type Locator, type Page } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';

/**
 * The Tool pane says what the arguments still lack on the Call tool line, ends on whole field rows and goes to
 * the argument at fault after a failed call, and the map key hint follows the typed key. One bridge and one
 * connected page for the file.
 */
const toolscope = serveToolscope([]);
const shared = sharedConnectedPage(() => toolscope.cli.url);

/** The Call tool line's status button: what is still to fill in, or the first problem. */
const callLineStatus = (panel: Locator) => panel.locator('[data-arguments-summary]');

/**
 * Field rows the form shows cut: partly inside the visible part of the form (above the fade at its edge, and
 * above the cover, if any) and partly outside it. Each is named by its text, for the failure message.
 */
async function cutRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-form-fade]')?.parentElement;
    if (!box) return ['no form'];
    const rect = box.getBoundingClientRect();
    const fade = box.querySelector('[data-form-fade]')!.getBoundingClientRect().height;
    const cover = document.querySelector('[data-form-cover]')?.getBoundingClientRect().height ?? 0;
    const edge = rect.bottom - Math.max(fade, cover);
    return [...box.querySelectorAll<HTMLElement>('[data-field-row]')]
      .filter((row) => {
        const r = row.getBoundingClientRect();
        return r.height > 0 && r.top >= rect.top && r.top < edge - 1 && r.bottom > edge + 1;
      })
      .map((row) => row.innerText.slice(0, 40));
  });
}

test('the Call tool line names what is missing, goes to it, and the form shows whole rows', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = app.toolPanel;

  // A new order: a calm, grey to-do on the Call tool line, not blank and not a fault.
  await app.selectTool('create_order');
  const status = callLineStatus(panel);
  await expect(status).toHaveText(/^Still to fill in: customer, items 1 › sku \+\d+ more$/);
  const grey = await panel
    .getByText(/^Still to fill in:/)
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  expect(await status.evaluate((el) => getComputedStyle(el).color)).toBe(grey);

  const customer = panel.getByRole('group', { name: 'customer', exact: true });
  await customer.getByRole('textbox', { name: 'name', exact: true }).fill('Ada Lovelace');
  await customer.getByRole('textbox', { name: 'email', exact: true }).fill('ada@example');
  // A fault comes first, in words, with how many more there are.
  await expect(status).toHaveText(/^⚠ customer › email: must match format "email" \+\d+ more$/);
  await customer.getByRole('textbox', { name: 'email', exact: true }).fill('ada@example.com');
  const item = panel.getByRole('group', { name: 'items #1' });
  await item.getByRole('textbox', { name: 'sku', exact: true }).fill('MUG-001');
  await item.getByRole('spinbutton', { name: 'quantity' }).fill('2');

  // Map key: the hint and "Add entry" follow the key as it is typed, before the box loses focus.
  await item.getByRole('button', { name: 'Add entry to options' }).click();
  await expect(item.getByText('Name entry 1 first')).toBeVisible();
  await expect(status).toHaveText('Still to fill in: items 1 › options › key of entry 1');
  const key = item.getByRole('textbox', { name: 'Key of entry 1' });
  await key.pressSequentially('color');
  await expect(key).toBeFocused();
  await expect(item.getByRole('button', { name: 'Add entry to options' })).toBeEnabled();
  await expect(item.getByText('Name entry 1 first')).toHaveCount(0);
  await expect(item.getByText(/entry 1 has no key/)).toHaveCount(0);
  // Key and value boxes of one entry stand on one line.
  const keyBox = (await key.boundingBox())!;
  const valueBox = (await item.getByRole('textbox', { name: 'Value of entry 1' }).boundingBox())!;
  expect(Math.abs(keyBox.y - valueBox.y)).toBeLessThanOrEqual(1);
  await item.getByRole('textbox', { name: 'Value of entry 1' }).fill('red');

  // A union option that needs one more field: the Call tool line says so and goes to it.
  await panel.getByRole('combobox', { name: 'shipping variant' }).selectOption('express');
  await expect(status).toHaveText('Still to fill in: shipping › deliverBy');
  await panel.getByRole('button', { name: 'Still to fill in: shipping › deliverBy' }).click();
  await expect(panel.getByLabel('deliverBy')).toBeFocused();
  await expect(panel.getByLabel('deliverBy')).toBeInViewport();

  // Calling anyway fails on deliverBy: with the Result shown, the form is scrolled to that field.
  await customer.getByRole('textbox', { name: 'name', exact: true }).focus();
  await expect(panel.getByLabel('deliverBy')).not.toBeInViewport({ ratio: 1 });
  await app.callTool();
  await expect(app.result.getByText('Tool error', { exact: true }).first()).toBeVisible();
  await expect(panel.getByLabel('deliverBy')).toBeInViewport({ ratio: 1 });

  // Whole rows: wherever the shorter form is scrolled to, no field row shows cut by its bottom edge.
  const box = panel.locator('[data-form-fade]').locator('..');
  const height = await box.evaluate((el) => el.scrollHeight);
  for (let top = 0, step = 0; top <= height && step < 40; top += 29, step++) {
    await box.evaluate((el, to) => el.scrollTo({ top: to }), top);
    await expect.poll(() => cutRows(page), { message: `scrolled to ${top}` }).toEqual([]);
  }
  await expect(status).toHaveText('Still to fill in: shipping › deliverBy');
});

test('"More fields below" under a covered row brings that row into view', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = app.toolPanel;
  await app.selectTool('create_order');
  // Down the form from its top (the earlier tests left it scrolled), until the pane's edge would cut a row.
  const more = panel.getByText('More fields below ▾');
  const box = panel.locator('[data-form-fade]').locator('..');
  for (let top = 0, step = 0; step < 40 && !(await more.isVisible()); top += 13, step++)
    await box.evaluate((el, to) => el.scrollTo({ top: to }), top);
  await expect(more).toBeVisible();
  // The field row under the cover, marked so the test can follow it after the click.
  const marked = await page.evaluate(() => {
    const cover = document.querySelector('[data-form-cover]')?.getBoundingClientRect();
    if (!cover) return false;
    const row = [...document.querySelectorAll<HTMLElement>('[data-field-row]')].find((r) => {
      const box = r.getBoundingClientRect();
      return box.height > 0 && box.bottom > cover.top && box.top < cover.bottom;
    });
    row?.setAttribute('data-covered-row', '');
    return row !== undefined;
  });
  expect(marked).toBe(true);
  const covered = panel.locator('[data-covered-row]');
  // Seen, not only inside the scrolled area: the point at its middle is the row itself, not the cover.
  const seen = () =>
    covered.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + Math.min(r.height / 2, 12));
      return hit !== null && (el === hit || el.contains(hit));
    });
  expect(await seen()).toBe(false);
  await more.click();
  await expect.poll(seen).toBe(true);
});

test('a map value typed right after its key lands in the value, after Tab or a click', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = app.toolPanel;
  await app.selectTool('create_order');
  await app.setArgumentsJson(
    '{"customer":{"name":"Ada","email":"ada@example.com"},"items":[{"sku":"M","quantity":1}]}',
  );
  await panel.getByRole('tab', { name: 'Form', exact: true }).click();
  const item = panel.getByRole('group', { name: 'items #1' });

  // Tab from the key box: the focus moves to the value box and what is typed stays there.
  await item.getByRole('button', { name: 'Add entry to options' }).click();
  await item.getByRole('textbox', { name: 'Key of entry 1' }).pressSequentially('color');
  await page.keyboard.press('Tab');
  const value1 = item.getByRole('textbox', { name: 'Value of entry 1' });
  await expect(value1).toBeFocused();
  await page.keyboard.type('red');
  await expect(value1).toHaveValue('red');

  // A click from the key box on the value box: the same.
  await item.getByRole('button', { name: 'Add entry to options' }).click();
  await item.getByRole('textbox', { name: 'Key of entry 2' }).pressSequentially('size');
  const value2 = item.getByRole('textbox', { name: 'Value of entry 2' });
  await value2.click();
  await expect(value2).toBeFocused();
  await page.keyboard.type('L');
  await expect(value2).toHaveValue('L');

  await panel.getByRole('tab', { name: 'JSON', exact: true }).click();
  const json = panel.getByRole('textbox', { name: 'Arguments JSON' });
  await expect(json).toContainText('"color": "red"');
  await expect(json).toContainText('"size": "L"');
});
