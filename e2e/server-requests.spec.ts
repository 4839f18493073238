import { test, expect, type Page } from '@playwright/test';
import { projectPath, startCli, type CliProcess } from '../test/support/start-cli.ts';
import type { ToolscopePage } from './helpers/toolscope-page.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';

let cli: CliProcess;
test.beforeAll(async () => {
  const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  cli = await startCli(['--', process.execPath, everything, 'stdio']);
});
test.afterAll(async () => {
  await cli?.stop();
});

/** The shared page on server-everything, once its sampling, elicitation and roots tools are listed. */
async function openEverything(shared: {
  app: ToolscopePage;
  page: Page;
}): Promise<{ app: ToolscopePage; page: Page }> {
  // Its sampling, elicitation and roots tools appear once it has read our capabilities.
  await expect(shared.app.tool('trigger-sampling-request')).toBeVisible();
  return { app: shared.app, page: shared.page };
}

/** Calls a tool; `args` only for tools that take arguments (the others have no JSON box). */
async function call(app: ToolscopePage, tool: string, args?: string): Promise<void> {
  await app.selectTool(tool);
  if (args !== undefined) await app.setArgumentsJson(args);
  await app.callTool();
}

function requestsPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Server requests' });
}

// One connected page: each test calls its own tool and answers its own requests. The roots, log
// level and capability tests change the session, so they come last, the capability one (which
// reconnects) at the very end.
test.describe('with server-everything', () => {
  const shared = sharedConnectedPage(() => cli.url);

  test('a sampling request opens the panel; the typed reply reaches the tool result', async () => {
    const { app, page } = await openEverything(shared);
    await call(app, 'trigger-sampling-request', '{"prompt": "Name a colour", "maxTokens": 20}');
    const panel = requestsPanel(page);
    const request = panel.getByRole('region', { name: 'Sampling request' });
    await expect(request).toContainText('Name a colour');
    await expect(
      request.getByRole('definition').filter({ hasText: 'You are a helpful test server.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Server requests/ })).toContainText('1');
    await request.getByRole('textbox', { name: 'Reply' }).fill('Teal, obviously.');
    await request.getByRole('textbox', { name: 'Model' }).fill('hand-written-1');
    await page.screenshot({ path: 'test-results/screens/server-requests-sampling.png' });
    await request.getByRole('button', { name: 'Send reply' }).click();
    await expect(app.result).toContainText('Teal, obviously.');
    await expect(app.result).toContainText('hand-written-1');
    await expect(panel).toBeHidden();
  });

  test('elicitation: accept a filled form, then decline one', async () => {
    const { app, page } = await openEverything(shared);
    await call(app, 'trigger-elicitation-request');
    const form = requestsPanel(page).getByRole('region', { name: 'Elicitation request' });
    await expect(form).toContainText('Please provide inputs for the following fields:');
    await form.getByRole('textbox', { name: /^String\*?$/ }).fill('Ada Lovelace');
    await form.getByRole('checkbox', { name: 'Boolean' }).check();
    await page.screenshot({ path: 'test-results/screens/server-requests-elicitation.png' });
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(app.result).toContainText('Name: Ada Lovelace');
    await expect(app.result).toContainText('Agreed to terms: true');

    await app.callTool();
    await requestsPanel(page).getByRole('button', { name: 'Decline' }).click();
    await expect(app.result).toContainText('User declined');
  });

  test('a required field left empty keeps the form open with the error', async () => {
    const { app, page } = await openEverything(shared);
    await call(app, 'trigger-elicitation-request');
    const form = requestsPanel(page).getByRole('region', { name: 'Elicitation request' });
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(form).toContainText('must have required property');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(app.result).toContainText('User cancelled');
  });

  test('URL elicitation shows the link for the user to open and never opens it', async () => {
    const { app, page } = await openEverything(shared);
    const popups: unknown[] = [];
    page.on('popup', (popup) => popups.push(popup));
    await call(app, 'trigger-url-elicitation', '{"url": "https://example.com/consent?step=1"}');
    const request = requestsPanel(page).getByRole('region', { name: 'URL elicitation' });
    await expect(request).toContainText('https://example.com/consent?step=1');
    const link = request.getByRole('link', { name: 'Open example.com in a new tab' });
    await expect(link).toHaveAttribute('href', 'https://example.com/consent?step=1');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await page.screenshot({ path: 'test-results/screens/server-requests-url.png' });
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(app.result).toContainText('User completed the URL elicitation flow');
    expect(popups).toHaveLength(0);
  });

  test('roots: edits are answered to roots/list and announced with list_changed', async () => {
    const { app, page } = await openEverything(shared);
    await page.getByRole('button', { name: /Server requests/ }).click();
    const panel = requestsPanel(page);
    await panel.locator('summary', { hasText: 'Roots (0)' }).click();
    await panel.getByRole('textbox', { name: 'Root URI' }).fill('https://not-a-file.example');
    await panel.getByRole('button', { name: 'Add root' }).click();
    await expect(panel.getByRole('alert')).toHaveText('A root must be a file:// URI');
    await panel.getByRole('textbox', { name: 'Root URI' }).fill('file:///home/me/project');
    await panel.getByRole('textbox', { name: 'Root name' }).fill('Project');
    await panel.getByRole('button', { name: 'Add root' }).click();
    await expect(panel.getByRole('list', { name: 'Roots' })).toContainText('file:///home/me/project');
    await expect(
      app.trace.getByRole('button', { name: /^notifications\/roots\/list_changed, sent/ }),
    ).toHaveCount(1);
    await page.screenshot({ path: 'test-results/screens/server-requests-roots.png' });
    await panel.getByRole('button', { name: 'Close server requests' }).click();

    await call(app, 'get-roots-list');
    await expect(app.result).toContainText('Current MCP Roots (1 total)');
    await expect(app.result).toContainText('file:///home/me/project');
  });

  test('log level: set it, see log messages in the server log, filter them; ping the server', async () => {
    const { app, page } = await openEverything(shared);
    await page.getByRole('tab', { name: 'Server log' }).click();
    const log = page.getByRole('region', { name: 'Server log' });
    await log.getByRole('combobox', { name: 'Log level' }).selectOption('debug');
    await expect(app.trace.getByRole('button', { name: /^logging\/setLevel, sent/ })).toHaveCount(1);
    await call(app, 'toggle-simulated-logging');
    await expect(app.result).toContainText('Started simulated');
    const lines = log.getByRole('list', { name: 'Server log lines' });
    await expect(
      lines
        .getByRole('listitem')
        .filter({ hasText: /level[- ]message/i })
        .first(),
    ).toBeVisible();
    await expect(lines).toContainText('notifications/tools/list_changed');

    // The kinds sit behind "Filters", so the tab keeps its room for lines.
    await log.getByRole('button', { name: 'Filters', expanded: false }).click();
    await log.getByRole('checkbox', { name: 'Notifications' }).uncheck();
    await expect(lines).not.toContainText('notifications/tools/list_changed');
    await log.getByRole('button', { name: 'Ping server' }).click();
    await expect(log.getByRole('status', { name: 'Ping round trip' })).toHaveText(/^\d+\.\d ms$/);
    await page.screenshot({ path: 'test-results/screens/server-log.png' });
  });

  test('turning a capability off applies at the next connect', async () => {
    const { app, page } = await openEverything(shared);
    await page.getByRole('button', { name: /Server requests/ }).click();
    const panel = requestsPanel(page);
    await panel.locator('summary', { hasText: 'Client capabilities' }).click();
    await panel.getByRole('checkbox', { name: /Sampling/ }).uncheck();
    await expect(panel).toContainText('reconnect to declare');
    await page.screenshot({ path: 'test-results/screens/server-requests-capabilities.png' });
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await app.expectConnected();
    await expect(app.tool('trigger-elicitation-request')).toBeVisible();
    await expect(app.tool('trigger-sampling-request')).toHaveCount(0);
  });
});

test.describe('with a fixture server that sends media, several requests and markup', () => {
  let fixture: CliProcess;
  test.beforeAll(async () => {
    fixture = await startCli([
      '--',
      process.execPath,
      '--import',
      'tsx',
      'test/fixtures/server-requests-server.ts',
    ]);
  });
  test.afterAll(async () => {
    await fixture?.stop();
  });

  const shared = sharedConnectedPage(() => fixture.url);

  test('sampling shows image, audio, markup as text, and every setting', async () => {
    const { app, page } = shared;
    await call(app, 'sample_with_media');
    const request = requestsPanel(page).getByRole('region', { name: 'Sampling request' });
    await expect(request.getByRole('img', { name: /Image from the result \(image\/png\)/ })).toBeVisible();
    await expect(request.getByRole('group', { name: 'Message 3, part 1' }).locator('audio')).toHaveCount(1);
    await expect(request.getByText('Describe these <img src=x onerror="window.__pwned=1">')).toBeVisible();
    const settings = request.getByRole('definition');
    for (const fact of [
      'You describe media.',
      '99',
      '0.2',
      '"END"',
      'thisServer',
      'claude-sonnet',
      'intelligence 0.8',
    ])
      await expect(settings.filter({ hasText: fact }).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/server-requests-sampling-media.png' });
    await request.getByRole('textbox', { name: 'Reply' }).fill('A gradient and silence');
    await request.getByRole('combobox', { name: 'Stop reason' }).selectOption('maxTokens');
    await request.getByRole('button', { name: 'Send reply' }).click();
    await expect(app.result).toContainText('A gradient and silence');
    await expect(app.result).toContainText('maxTokens');
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  test('several requests wait in a queue, with a count, and are answered one by one', async () => {
    const { app, page } = shared;
    await call(app, 'two_questions');
    const panel = requestsPanel(page);
    await expect(panel.getByRole('list', { name: 'Pending requests' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Server requests/ })).toContainText('2');
    await expect(panel).toContainText('First question');
    await panel.getByRole('textbox', { name: 'Answer' }).fill('one');
    await panel.getByRole('button', { name: 'Accept' }).click();
    await expect(panel).toContainText('Second question');
    await panel.getByRole('button', { name: 'Decline' }).click();
    // The result view pretty-prints the JSON text.
    await expect(app.result).toContainText('"answer": "one"');
    await expect(app.result).toContainText(/"second": \{\s*"action": "decline"/);
    await expect(page.getByRole('button', { name: /Server requests/ })).toContainText('0');
  });

  test('log messages and unknown notifications with markup stay text; level filter hides debug', async () => {
    const { app, page } = shared;
    await call(app, 'hostile_log');
    await expect(app.result).toContainText('sent');
    await page.getByRole('tab', { name: 'Server log' }).click();
    const lines = page.getByRole('list', { name: 'Server log lines' });
    await expect(lines).toContainText('<b><img src=x onerror="window.__pwned=1"></b>');
    await expect(lines).toContainText('"html": "<img src=x onerror=\\"window.__pwned=1\\">"');
    await expect(lines).toContainText('notifications/custom/thing');
    await expect(lines).toContainText('quiet detail');
    await expect(lines.locator('img, b')).toHaveCount(0);
    await page.getByRole('region', { name: 'Server log' }).getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Minimum level shown' }).selectOption('warning');
    await expect(lines).not.toContainText('quiet detail');
    await expect(lines.getByRole('listitem').filter({ hasText: 'onerror' })).toHaveCount(2);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  test('disconnecting answers every waiting request and empties the queue', async () => {
    const { app, page } = shared;
    await call(app, 'two_questions');
    await expect(requestsPanel(page)).toContainText('2 waiting');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByRole('button', { name: /Server requests/ })).toContainText('0');
    await expect(requestsPanel(page)).toBeHidden();
  });
});
