import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { connectAndCall, demoEntry, serveHostedTeam, teamConfig } from './helpers/hosted-team.ts';
import { ToolscopePage, shareRecording } from './helpers/toolscope-page.ts';

/*
 * Two users of one hosted bridge: alice signs in with her token on the sign-in page, bob comes
 * through the SSO proxy's header (set here by the browser itself, from 127.0.0.1, which the config
 * trusts). Each sees only their own recordings, can open the other's share link, and cannot start
 * anything outside the catalog (the bridge's refusal itself is checked in
 * hosted-catalog.integration.test.ts).
 */
test.describe.configure({ mode: 'serial' });

const ALICE_TOKEN = 'e2e-alice-token-0123456789abcdef';
const hosted = serveHostedTeam((folder) =>
  teamConfig(folder, ALICE_TOKEN, {
    // The admin starts demo-again's "Protocol era" on Legacy.
    catalog: { mcpServers: { demo: demoEntry(), 'demo-again': { ...demoEntry(), era: 'legacy' } } },
    // Two calls a minute: the MCP Apps test's View reaches it (the others make one call per user).
    limits: { connectionsPerUser: 1, toolCallsPerMinute: 2 },
  }),
);

/** Collects the page's Content-Security-Policy violations, which the browser reports as events. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.log(`CSP violation: ${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`),
    ),
  );
  context.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Connects to the first catalog server, calls the demo's echo tool with `message` and returns the share link. */
async function callAndShare(page: Page, message: string): Promise<string> {
  await expect(page.getByRole('combobox', { name: 'Catalog server' })).toHaveValue('demo');
  await connectAndCall(page, message);
  return shareRecording(page);
}

/** The items of the Recordings dialog (opened, then closed again). */
async function recordingCount(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Recordings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recordings' });
  const items = dialog.getByRole('list', { name: 'Recordings' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return count;
}

test('two users see only their own recordings, open each other share links, and run only the catalog', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two users, two calls, four replays and a sign-in: 48 s on a quiet machine
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-User': 'bob' } });
  const aliceViolations = await watchCsp(aliceContext);
  const bobViolations = await watchCsp(bobContext);
  try {
    const alice = await aliceContext.newPage();
    await alice.goto(hosted.serve.url);
    await expect(alice).toHaveURL(/\/signin\?next=/);
    await alice.getByRole('textbox', { name: 'Access token' }).fill(ALICE_TOKEN);
    await alice.getByRole('button', { name: 'Sign in' }).click();
    await expect(alice.getByText('Signed in as alice')).toBeVisible();
    await expect(alice.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(alice.getByRole('textbox', { name: 'Command' })).toHaveCount(0);
    await expect(alice.getByRole('combobox', { name: 'Catalog server' }).getByRole('option')).toHaveText([
      'demo',
      'demo-again',
    ]);
    const aliceLink = await callAndShare(alice, 'a call by alice');

    const bob = await bobContext.newPage();
    await bob.goto(hosted.serve.url);
    await expect(bob.getByText('Signed in as bob')).toBeVisible();
    // Signed in by the SSO proxy: signing out happens there.
    await expect(bob.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expect(bob.getByRole('textbox', { name: 'Command' })).toHaveCount(0);
    const bobLink = await callAndShare(bob, 'a call by bob');

    expect(await recordingCount(alice)).toBe(1);
    expect(await recordingCount(bob)).toBe(1);

    for (const [page, link, text] of [
      [alice, bobLink, 'a call by bob'],
      [bob, aliceLink, 'a call by alice'],
    ] as const) {
      const viewer = await page.context().newPage();
      await viewer.goto(link);
      await expect(viewer.getByRole('note', { name: 'Replay' })).toContainText('Shared recording, read-only');
      await expect(new ToolscopePage(viewer).result).toContainText(text);
      await viewer.close();
    }

    // Someone not signed in is sent to sign in first (sharing.public is off), then back to the link.
    const stranger = await browser.newPage();
    try {
      await stranger.goto(aliceLink);
      await expect(stranger).toHaveURL(/\/signin\?next=%2Fshare%2F/);
      await stranger.getByRole('textbox', { name: 'Access token' }).fill(ALICE_TOKEN);
      await stranger.getByRole('button', { name: 'Sign in' }).click();
      await expect(new ToolscopePage(stranger).result).toContainText('a call by alice');
    } finally {
      await stranger.context().close();
    }

    expect([...aliceViolations, ...bobViolations]).toEqual([]);
  } finally {
    await aliceContext.close();
    await bobContext.close();
  }
});

test('a limit reached says which one and what to do, and the page is usable again', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-User': 'carol' } });
  try {
    const first = await context.newPage();
    await first.goto(hosted.serve.url);
    await first.getByRole('button', { name: 'Connect' }).click();
    await new ToolscopePage(first).expectConnected();

    // One session per user in this config: a second tab is refused at once, with the reason.
    const second = await context.newPage();
    await second.goto(hosted.serve.url);
    await second.getByRole('button', { name: 'Connect' }).click();
    await expect(second.getByRole('alert')).toContainText('limits.connectionsPerUser');
    await expect(new ToolscopePage(second).status).toHaveText('Disconnected');

    await first.getByRole('button', { name: 'Disconnect' }).click();
    await expect(new ToolscopePage(first).status).toHaveText('Disconnected');
    // The bridge gives the slot back when the first session's server process has exited, which on a
    // busy machine can be a moment after the page shows Disconnected: until then a connect is refused
    // with the same message, and trying again is what a user does.
    const secondStatus = new ToolscopePage(second).status;
    await expect(async () => {
      if ((await secondStatus.textContent())?.includes('Disconnected'))
        await second.getByRole('button', { name: 'Connect' }).click();
      await expect(secondStatus).toHaveText('Connected', { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await context.close();
  }
});

test('the protocol era is picked per catalog server, and retention is shown as the admin set it', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-User': 'erin' } });
  try {
    const page = await context.newPage();
    const app = new ToolscopePage(page);
    await page.goto(hosted.serve.url);
    const server = page.getByRole('combobox', { name: 'Catalog server' });
    const era = page.getByRole('combobox', { name: 'Protocol era' });
    await expect(era).toHaveValue('auto');
    await server.selectOption('demo-again');
    await expect(era).toHaveValue('legacy');

    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await expect(page.getByRole('button', { name: /^Connection details: .*legacy era/ })).toBeVisible();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(app.status).toHaveText('Disconnected');
    // The user's pick holds for that entry only.
    await era.selectOption({ label: 'Modern (2026-07-28)' });
    await server.selectOption('demo');
    await expect(era).toHaveValue('auto');
    await server.selectOption('demo-again');
    await expect(era).toHaveValue('modern');
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await expect(page.getByRole('button', { name: /^Connection details: .*modern era/ })).toBeVisible();

    await page.getByRole('button', { name: 'Recordings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recordings' });
    // The legacy connection asked nothing and ended: it left no recording; the open one is listed.
    await expect(dialog.getByRole('list', { name: 'Recordings' }).getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByText('Ended recordings are deleted after 30 days')).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Days to keep recordings' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a View's calls count against the user's limits; the View gets the refusal and the page says why", async ({
  browser,
}) => {
  test.setTimeout(120_000); // three calls, two approvals and a View
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-User': 'frank' } });
  const violations = await watchCsp(context);
  try {
    const page = await context.newPage();
    const app = new ToolscopePage(page);
    const response = await page.goto(hosted.serve.url);
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await app.selectTool('weather_card');
    await app.setArgumentsJson('{"city": "Oslo"}');
    await app.callTool(); // the user's call: 1 of 2 this minute
    const card = page
      .frameLocator('iframe[title="MCP App View"]')
      .frameLocator('iframe')
      .getByRole('group', { name: 'Weather card' });
    await expect(card).toContainText('Oslo');
    // The page's CSP lets in exactly the sandbox's origin, and the View loads under it without a violation.
    const src = await app.result.locator('iframe[title="MCP App View"]').getAttribute('src');
    const frameSrc = /(?:^|;)\s*frame-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '');
    expect(frameSrc?.[1]?.trim()).toBe(new URL(src!).origin);

    await card.getByRole('button', { name: 'Refresh' }).click(); // the View's call: 2 of 2
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toContainText('Refreshed at');
    await card.getByRole('button', { name: 'Refresh' }).click(); // 3: over the limit
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    const why = /Limit reached: at most 2 tool calls per minute per user \(limits\.toolCallsPerMinute\)/;
    await expect(card).toContainText('Not refreshed');
    await expect(card).toContainText(why);
    await expect(app.result.getByRole('list', { name: 'From the View' })).toContainText(
      /tools\/call get_weather refused: .*limits\.toolCallsPerMinute/,
    );
    expect(violations).toEqual([]);
  } finally {
    await context.close();
  }
});
