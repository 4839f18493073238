import { test, expect, type Locator } from '@playwright/test';
import { startV2HttpFixture } from '../test/fixtures/v2-fixture-server.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The modern era's wire and list caching in the page: the wire as it is (HTTP headers with Mcp-Param-* decoded,
// status, envelope, resultType; tools with an invalid x-mcp-header set apart), and list caching by
// the server's hints (a second listing asks nothing, Refresh asks the server).

let modernHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
const { serve } = toolscopePerTest();

test.beforeAll(async () => {
  modernHttp = await startV2HttpFixture({ legacy: 'reject' });
});
test.afterAll(async () => {
  await modernHttp.close();
});

/** The trace's rows for one method (the Method filter), as a count that can be awaited. */
async function rowsOf(trace: Locator, method: string): Promise<Locator> {
  await trace.getByRole('combobox', { name: 'Method' }).selectOption(method);
  return trace.getByRole('list', { name: 'Frames' }).getByRole('listitem');
}

test('HTTP headers in the trace: an x-mcp-header tool against a strict server, no -32020; the invalid tool set apart', async ({
  page,
}) => {
  const cli = await serve(['--era', 'modern', '--url', modernHttp.url]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();

  await page.getByText('1 tool set apart: invalid x-mcp-header').click();
  await expect(page.getByRole('list', { name: 'Set apart: invalid x-mcp-header' })).toContainText(
    /bad_header: .*Bad Header/,
  );
  await expect(app.tool('bad_header')).toHaveCount(0);

  await app.selectTool('where');
  await app.setArgumentsJson('{"region": "Zürich", "priority": 2}');
  await app.callTool();
  await expect(app.result).toContainText('region=Zürich priority=2');
  await expect(app.result).not.toContainText('Protocol error');
  await expect(app.result).not.toContainText('Retried after a header mismatch');
  await app.result.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(app.result).toContainText('"resultType": "complete"');

  const calls = await rowsOf(app.trace, 'tools/call');
  await expect(calls).toHaveCount(1); // the filter shows requests: one call, no retry
  await calls.getByRole('button', { name: /^tools\/call, sent/ }).click();
  const detail = app.trace.getByRole('group', { name: 'Frame detail' });
  const request = detail.getByRole('group', { name: 'HTTP request' });
  await expect(request.getByRole('row', { name: /mcp-param-region/ })).toContainText(
    '=?base64?WsO8cmljaA==?= → Zürich',
  );
  await expect(request.getByRole('row', { name: /mcp-param-priority/ })).toContainText('2');
  await expect(request.getByRole('row', { name: /^mcp-method/ })).toContainText('tools/call');
  await expect(request.getByRole('row', { name: /^mcp-protocol-version/ })).toContainText('2026-07-28');
  await expect(detail.getByRole('group', { name: 'Envelope' })).toContainText('_meta envelope');

  await detail.getByRole('button', { name: 'Go to response' }).click();
  await expect(detail.getByRole('group', { name: 'HTTP response' })).toContainText('HTTP 200');
  await expect(detail).toContainText('resultType complete');
});

test('a cached list refreshed: listing again within the TTL asks nothing, Refresh asks the server', async ({
  page,
}) => {
  const cli = await serve([]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await expect(page.getByRole('form', { name: 'Connection' })).toContainText('2026-07-28');

  // Tools: the demo's tools/list may be kept a minute; a reconnect lists them from the cache.
  const toolBrowser = page.getByRole('region', { name: 'Tool browser' });
  await expect(toolBrowser.getByRole('status', { name: 'Cache' })).toContainText(/^fresh \d+ s$/);
  // The scope is the tooltip's: "public" beside the count read as a privacy warning.
  await expect(toolBrowser.getByRole('status', { name: 'Cache' })).toHaveAttribute(
    'title',
    /cacheScope public/,
  );
  // The first connection's tools/list, and Auto's liveness tools/list when server/discover was slow to answer.
  const toolLists = await rowsOf(app.trace, 'tools/list');
  const firstConnection = await toolLists.count();
  expect(firstConnection).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  // The Tools pane's count line is compact, so that Refresh stays inside the pane at 1280.
  await expect(toolBrowser.getByRole('status', { name: 'Cache' })).toContainText(/^fresh \d+ s · cached$/);
  await expect(toolLists).toHaveCount(firstConnection); // the reconnect asked nothing
  await toolBrowser.getByRole('button', { name: 'Refresh' }).click();
  await expect(toolLists).toHaveCount(firstConnection + 1);
  await expect(toolBrowser.getByRole('status', { name: 'Cache' })).not.toContainText('cached');

  // Resources: opening the tab again lists from the cache; Refresh asks the server.
  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('region', { name: 'Resources' });
  await expect(resources.getByRole('listitem').first()).toBeVisible();
  await expect(resources.getByRole('status', { name: 'Cache' })).toContainText(
    /^fresh for \d+ min( \d+ s)?$/,
  );
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(resources.getByRole('status', { name: 'Cache' })).toContainText('from cache');
  const resourceLists = await rowsOf(app.trace, 'resources/list');
  await expect(resourceLists).toHaveCount(1);
  await resources.getByRole('button', { name: 'Refresh' }).click();
  await expect(resourceLists).toHaveCount(2);
});

test('revision awareness: ping is not offered under 2026-07-28, the log level says it is sent with each call (its deprecation in the tooltip); deprecations marked', async ({
  page,
}) => {
  const cli = await serve([]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await expect(page.getByRole('form', { name: 'Connection' })).toContainText('2026-07-28');

  await page.getByRole('tab', { name: 'Server log' }).click();
  const log = page.getByRole('region', { name: 'Server log' });
  // Under 2026-07-28 there is no ping to send: no disabled Ping, no "deprecated" badge beside the control to use.
  await expect(log.getByRole('button', { name: 'Ping server' })).toHaveCount(0);
  await expect(log.getByRole('status', { name: 'Ping round trip' })).toHaveCount(0);
  const level = log.getByRole('combobox', { name: 'Log level, sent with each call' });
  await expect(level).toBeEnabled();
  await expect(level).toHaveAccessibleDescription(/^logging\/setLevel .*Logging is deprecated in 2026-07-28/);
  await expect(log.getByRole('note', { name: /^Logging is deprecated/ })).toHaveCount(0);
  // The page sends no ping of its own in this era; the one ping a trace may hold is Auto's liveness
  // ping, sent while server/discover was still unanswered (era-probe-pace.ts), before the era was known.
  expect(await app.trace.getByRole('button', { name: /^ping, sent/ }).count()).toBeLessThanOrEqual(1);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('combobox', { name: 'Transport' }).selectOption('sse');
  await expect(page.getByRole('note', { name: /^The HTTP\+SSE transport is deprecated/ })).toBeVisible();
});
