import { test, expect, type Page } from '@playwright/test';
import { callAndWait } from './helpers/result-calls.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';
import type { ToolscopePage } from './helpers/toolscope-page.ts';
import { freePort } from '../test/support/free-port.ts';

// The words of the Result, History, the View panel and Checks say what
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
      'Messages and model context the View sent for the model (they wait in Chat when it is open), its logs, links, downloads, teardown and refused requests. Its tool calls are in History; its console is above.',
    );
    // ...and History has the View's call, as the panel says.
    const history = await app.openHistory();
    await expect(history.getByRole('listitem').filter({ hasText: 'View' }).first()).toContainText(
      'get_weather',
    );
  });

  // Last in the file: it connects elsewhere and back.
  test('Details sits on the tab line; a denied call says nothing was sent; another server clears the Result, a reconnect keeps it with the title whole', async () => {
    test.slow(); // a failed connect and two connects
    // "Details" has no row of its own; it shares the Rendered/Raw JSON tab line.
    const result = await callAndWait(app, 'add', '{"a": 2, "b": 3}');
    const details = await result.getByRole('button', { name: 'Result details' }).boundingBox();
    const rendered = await result.getByRole('tab', { name: 'Rendered' }).boundingBox();
    expect(details && rendered).toBeTruthy();
    expect(Math.abs(details!.y + details!.height / 2 - (rendered!.y + rendered!.height / 2))).toBeLessThan(4);

    // A denied call: no tabs to look into, one sentence.
    await app.selectTool('echo');
    await app.setArgumentsJson('{"message": "kbd"}');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
    await expect(app.result).toContainText('You denied this call; nothing was sent.');
    await expect(app.result.getByRole('tab')).toHaveCount(0);

    // Beside "from the previous connection", "Create order" keeps its first word whole at 1280.
    await app.selectTool('create_order');
    await app.setArgumentsJson('{}');
    await app.callTool();
    await expect(app.result.getByText('Tool error', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(app.status).toHaveText('Disconnected');
    const note = app.result.getByRole('note');
    await expect(note).toHaveText('from the previous connection');

    // A failed connect to another server clears the Result; History keeps the call and shows it again.
    await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Streamable HTTP' });
    await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:${await freePort()}/mcp`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('alert')).toContainText('Nothing is listening');
    // The empty state (for the tool still picked, its own words).
    await expect(app.result).toContainText(
      /Call a tool to see its result here\.|No result for this tool yet: each tool shows its own last result\./,
    );
    await expect(app.result.getByText('Tool error', { exact: true })).toHaveCount(0);
    const history = await app.openHistory();
    await history.getByRole('button', { name: 'Create order' }).first().click();
    await expect(note).toHaveText('from the previous connection');

    // A reconnect to the same server keeps what is shown, marked, until a new call.
    await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'stdio' });
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await expect(note).toHaveText('from the previous connection');
    await expect(app.result.getByText('Tool error', { exact: true }).first()).toBeVisible();
  });
});
