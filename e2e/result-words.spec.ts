import { test, expect, type Page } from '@playwright/test';
import { callAndWait } from './helpers/result-calls.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';
import type { ToolscopePage } from './helpers/toolscope-page.ts';

// Issue 25, trial 4 (findings 10 and 11): the words of the Result, History, the View panel and Checks say what
// their figures and lists are, on the built-in demo, so none of them contradicts another pane.
const toolscope = serveToolscope([]);

test.describe('words in the Result, History, the View panel and Checks', () => {
  const shared = sharedConnectedPage(() => toolscope.cli.url);
  let app: ToolscopePage;
  let page: Page;
  test.beforeEach(() => {
    ({ app, page } = shared);
  });

  test('the Result names its figure "round trip"; a History row keeps it short, with the word in its tooltip, and its badge beside a long title', async () => {
    const result = await callAndWait(app, 'get_weather', '{"city": "Lisbon"}');
    const figure = /^\d+(\.\d)? (ms|s) round trip$/;
    await expect(result.getByText(figure)).toBeVisible();
    await expect(result.getByText(figure)).toHaveAttribute(
      'title',
      /round trip: from sending the call .* at the bridge/,
    );

    await callAndWait(app, 'embedded_blob_resource');
    const history = await app.openHistory();
    const weather = history.getByRole('listitem').filter({ hasText: 'Get weather' });
    await expect(weather.getByText(/^\d+(\.\d)? (ms|s)$/)).toHaveAttribute(
      'title',
      /^\d+(\.\d)? (ms|s) round trip: /,
    );
    await expect(weather).not.toContainText('round trip');

    // At 1280 the title and the tool's name together are wider than the row: the name gives way (whole in the
    // tooltip), and "OK 87 ms" stays on the title's line instead of a line of its own.
    const blob = history.getByRole('listitem').filter({ hasText: 'Embedded blob resource' });
    const title = await blob.getByText('Embedded blob resource', { exact: true }).boundingBox();
    const badge = await blob.getByText('OK', { exact: true }).boundingBox();
    expect(title && badge).toBeTruthy();
    expect(Math.abs(title!.y + title!.height / 2 - (badge!.y + badge!.height / 2))).toBeLessThan(
      title!.height / 2,
    );
  });

  test('a result that breaks its outputSchema never shows "OK" while its check runs', async () => {
    // Every state the Result's header passes through, as React commits it (a flash of OK would be one of them).
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { seenBadges: seen });
      new MutationObserver(() => {
        const header = document.querySelector('section[aria-label="Result"] > div');
        if (header?.textContent?.includes('Bad structured output')) seen.push(header.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const result = await callAndWait(app, 'bad_structured_output');
    await expect(result.getByText('Invalid output', { exact: true })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { seenBadges: string[] }).seenBadges);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => /OK\d/.test(text))).toEqual([]);
  });

  test('Checks with no findings claims only the lists when no tool was called', async () => {
    await page.getByRole('tab', { name: 'Checks' }).click();
    await page.getByRole('button', { name: 'Run checks' }).click();
    await expect(page.getByLabel('What was checked')).toContainText('Called no tools.');
    await expect(
      page.getByText(
        'No findings in the lists. No tool was called, so no result was checked (toolscope check calls them).',
      ),
    ).toBeVisible();
    await expect(page.getByText(/follows the spec/)).toHaveCount(0);
  });

  test('the View panel says what "From the View" collects, so it is not contradicted by the View\'s own call', async () => {
    await app.selectTool('weather_card');
    await app.setArgumentsJson('{"city": "Lisbon", "units": "celsius"}');
    await app.callTool();
    await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
    const card = page
      .frameLocator('iframe[title="MCP App View"]')
      .frameLocator('iframe')
      .getByRole('group', { name: 'Weather card' });
    await card.getByRole('button', { name: 'Refresh' }).click();
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toContainText('Refreshed at');

    const notes = app.result.getByRole('region', { name: 'View messages' });
    await expect(notes.getByRole('heading', { name: 'From the View (nothing yet)' })).toBeVisible();
    await expect(notes).toContainText(
      'Messages and model context the View sent for the model, its logs, links, downloads and refused requests. Its tool calls are in History.',
    );
    // ...and History has the View's call, as the panel says.
    const history = await app.openHistory();
    await expect(history.getByRole('listitem').filter({ hasText: 'View' }).first()).toContainText(
      'get_weather',
    );
  });
});
