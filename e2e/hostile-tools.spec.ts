import { test, expect, type Page } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';

const toolscope = serveToolscope([
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/hostile-tools-server.ts',
]);

// One connected page for the tests that only list and call tools.
test.describe('on one connected page', () => {
  const shared = sharedConnectedPage(() => toolscope.cli.url);

  test('hostile tool names, titles, descriptions and icons never execute and are flagged', async () => {
    const { app, page } = shared;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await expect(app.toolList.getByRole('listitem')).toHaveCount(13);
    await expect(page.getByText(/Duplicate tool names: dup/)).toBeVisible();
    await expect(app.toolList.getByLabel(/Warning: name is 140 characters long/)).toBeVisible();
    await expect(app.toolList.getByLabel(/Warning: name has characters outside/)).toBeVisible();

    await app.selectTool('html_in_description');
    const tool = page.getByRole('region', { name: 'Tool', exact: true });
    await expect(tool).toContainText('<script>window.__pwned=4</script>');
    await expect(tool.getByRole('link', { name: 'click' })).toHaveCount(0);
    await app.callTool();
    await expect(app.result).toContainText('onerror');
    await app.tool('dup').first().getByRole('button').click();
    await app.selectTool('weird_annotations');

    // Only the data: SVG icon may load, and only as an <img> (no script runs there).
    const icons = await page
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    expect(icons.some((src) => src.startsWith('javascript:') || src.startsWith('http:'))).toBe(false);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('script:not([src]):not([type="module"])').count()).toBe(0);
    expect(await page.locator('svg script').count()).toBe(0);
  });

  test('tools whose names break the rules, or are not strings, stay callable and are explained', async () => {
    const { app } = shared;
    await app.selectTool('x'.repeat(140));
    await app.callTool();
    await expect(app.result).toContainText(`called "${'x'.repeat(140)}"`);
    await app.selectTool('<script>window.__pwned=7</script>');
    await app.callTool();
    await expect(app.result).toContainText('called "<script>window.__pwned=7</script>"');
    await app.selectTool('42');
    await expect(app.toolPanel).toContainText('the name is a number, not a string');
    await app.callTool();
    // Sent exactly as listed; this server's SDK refuses a name that is not a string, and the page shows that.
    await expect(app.result).toContainText('Protocol error');
    await expect(app.result).toContainText('expected string, received number');
    // The shared page's trace holds earlier calls: the newest row may paint a moment after the result.
    await expect(async () => {
      await app.trace
        .getByRole('button', { name: /^tools\/call, sent/ })
        .last()
        .click();
      await expect(app.trace.getByRole('group', { name: 'Frame detail' })).toContainText('"name": 42', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
  });

  test('both tools of a duplicated name open, keep their own drafts and approvals, and are called', async () => {
    const { app, page } = shared;
    const [first, second] = [app.tool('dup').nth(0), app.tool('dup').nth(1)];
    await expect(first.getByLabel('Duplicate name: tool 1 of 2 named dup')).toBeVisible();
    await first.getByRole('button').click();
    await expect(app.toolPanel).toContainText('duplicate 1 of 2');
    await app.setArgumentsJson('{"note": "for the first"}');
    await second.getByRole('button').click();
    await expect(app.toolPanel).toContainText('duplicate 2 of 2');
    await expect(app.toolPanel).toContainText('second');
    await app.setArgumentsJson('{"note": "for the second"}');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(app.approvalDialog).toContainText('tool 2 of 2 with this name');
    await app.approvalDialog.getByRole('checkbox', { name: 'Always allow this tool' }).check();
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(app.result).toContainText('called "dup"');

    await first.getByRole('button').click();
    await app.toolPanel.getByRole('tab', { name: 'JSON', exact: true }).click();
    await expect(app.toolPanel.getByRole('textbox', { name: 'Arguments JSON' })).toContainText(
      'for the first',
    );
    // "Always allow" was given to the second one only.
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(app.approvalDialog).toContainText('tool 1 of 2 with this name');
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    const history = await app.openHistory();
    await expect(history.getByRole('listitem').filter({ hasText: 'dup' })).toHaveCount(2);
  });

  test('the display name is title, then annotations.title, then name, in the list, header, approval and history', async () => {
    const { app, page } = shared;
    const row = app.tool('titled_by_annotations');
    await expect(row).toContainText('Title from annotations');
    await app.selectTool('titled_by_annotations');
    await expect(app.toolPanel.getByRole('heading', { name: 'Title from annotations' })).toBeVisible();
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(app.approvalDialog).toContainText('Title from annotations');
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    const history = await app.openHistory();
    await expect(history.getByRole('listitem').first()).toContainText('Title from annotations');
  });

  test('a -32602 for bad arguments under 2025-11-25 carries the SEP-1303 note', async () => {
    const { app } = shared;
    await app.selectTool('strict_args');
    await app.setArgumentsJson('{}');
    await app.callTool();
    await expect(app.result).toContainText('Protocol error');
    await app.result.getByText('What does -32602 mean?').click();
    await expect(app.result.getByRole('note').filter({ hasText: 'Under 2025-11-25' })).toContainText(
      'Under 2025-11-25, input validation failures are expected as tool execution errors',
    );
    // Errors by kind: a -32602 that is not about an unknown tool is explained as malformed params.
    await expect(app.result.getByRole('note').filter({ hasText: /^Invalid params/ })).toBeVisible();
  });
});

const ICONS = 'https://icons.toolscope.test';

/** A 1×1 PNG; the page only needs bytes a browser decodes. */

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Answers for the fixture's icon host (nothing leaves the machine) and records what the page asked for. */

async function serveIcons(page: Page) {
  const requests: { url: string; headers: Record<string, string> }[] = [];
  await page.route(/^https:\/\/[a-z]+\.toolscope\.test\//, async (route) => {
    const request = route.request();
    requests.push({ url: request.url(), headers: await request.allHeaders() });
    if (request.url().endsWith('/redirect.png'))
      return route.fulfill({ status: 302, headers: { location: 'https://elsewhere.toolscope.test/x.png' } });
    return route.fulfill({
      status: 200,
      body: PIXEL,
      headers: {
        'content-type': request.url().endsWith('.jpg') ? 'image/jpg' : 'image/png',
        'access-control-allow-origin': '*',
      },
    });
  });
  return requests;
}

async function openHostile(page: Page) {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  return app;
}

test('https icons load by theme without credentials; jpg is accepted; refused icons say why', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: 'session', value: 'secret', domain: 'icons.toolscope.test', path: '/', secure: true },
  ]);
  const requests = await serveIcons(page);
  await page.emulateMedia({ colorScheme: 'light' });
  const app = await openHostile(page);
  const themed = app.tool('icons_by_theme');
  await expect(themed.locator('img')).toHaveAttribute('src', /^blob:/);
  const light = requests.find((request) => request.url === `${ICONS}/light.jpg`);
  expect(light).toBeDefined();
  expect(light!.headers.cookie).toBeUndefined();
  expect(light!.headers.referer).toBeUndefined();
  expect(requests.some((request) => request.url.endsWith('/dark.png'))).toBe(false);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => requests.some((request) => request.url === `${ICONS}/dark.png`)).toBe(true);
  await expect(themed.locator('img')).toHaveAttribute('src', /^blob:/);

  await app.selectTool('icons_refused');
  await expect(app.toolPanel).toContainText('the URL carries credentials');
  await expect(app.toolPanel).toContainText('the URL redirects, and icon redirects are not followed');
  await expect(app.toolPanel).not.toContainText('secret@');
  await expect(app.tool('icons_refused').getByRole('img', { name: /^Icon not shown:/ })).toBeVisible();
  expect(requests.some((request) => request.url.includes('elsewhere'))).toBe(false);
  expect(requests.some((request) => request.url.includes('with-credentials'))).toBe(false);
});

// Its own page: a result folds the hints behind "Tool details", and trusting the server's
// annotations would change what the shared page shows.
test('annotation badges: unverified claims look different from trusted ones, defaults and contradictions show', async ({
  page,
}) => {
  const app = await openHostile(page);
  const claims = app.tool('claims_read_only');
  await expect(claims.getByLabel("read-only: the server's claim, not verified")).toBeVisible();
  await expect(
    app.tool('contradictory_hints').getByLabel('Contradictory annotations: read-only and destructive'),
  ).toBeVisible();
  // The list shows declared claims only; a tool that declares nothing says so in its panel, defaults after.
  await expect(app.tool('strict_args')).not.toContainText('destructive');
  await app.selectTool('strict_args');
  await expect(app.toolPanel).toContainText('No hints declared');
  await expect(
    app.toolPanel.getByLabel(/^Spec defaults, not declared by the server: .*destructive.*open-world/),
  ).toBeVisible();

  await app.selectTool('contradictory_hints');
  await expect(app.toolPanel).toContainText('The server says (not verified):');
  await expect(app.toolPanel).toContainText('contradictory: read-only and destructive at once');
  await app.selectTool('weird_annotations');
  await expect(app.toolPanel).toContainText('readOnlyHint is "yes", not a boolean: the default applies');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: /Trust this server’s annotations/ }).check();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(claims.getByLabel('read-only: claimed by a trusted server')).toBeVisible();
  await app.selectTool('claims_read_only');
  await expect(app.toolPanel).toContainText('The server says (trusted):');
  // What the server declared, on demand: _meta, and every hint with where its value came from.
  await app.toolPanel.getByRole('button', { name: 'Show declaration' }).click();
  const declaration = app.toolPanel.getByRole('region', { name: 'declaration' });
  await expect(declaration.getByRole('region', { name: 'Tool _meta' })).toContainText('team-tools');
  await expect(declaration.getByRole('region', { name: 'Annotations' })).toContainText(
    'destructiveHint: true (spec default, not declared)',
  );
});
