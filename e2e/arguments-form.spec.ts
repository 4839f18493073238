import { test, expect, type Locator } from '@playwright/test';
import type { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';

/** The arguments editor of the selected tool, seen through its roles. */
class ArgumentsEditor {
  constructor(readonly app: ToolscopePage) {}

  get panel(): Locator {
    return this.app.toolPanel;
  }

  tab(name: 'Form' | 'JSON'): Locator {
    return this.panel.getByRole('tab', { name, exact: true });
  }

  get json(): Locator {
    return this.panel.getByRole('textbox', { name: 'Arguments JSON' });
  }

  get problems(): Locator {
    return this.panel.getByRole('list', { name: 'Argument problems' });
  }

  group(name: string): Locator {
    return this.panel.getByRole('group', { name, exact: true });
  }

  field(name: string, scope: Locator = this.panel): Locator {
    return scope.getByRole('textbox', { name, exact: true });
  }

  /** Opens the JSON tab and parses what it shows. */
  async readJson(): Promise<unknown> {
    await this.tab('JSON').click();
    return JSON.parse(await this.json.innerText()) as unknown;
  }
}

/**
 * One connected page per describe block (sharedConnectedPage), with a tool opened as a new page shows
 * it: drafts are kept per tool, so one an earlier test typed is emptied, and the editor is mounted
 * again by opening `away` and coming back.
 */
function toolOpener(url: () => string, away: string) {
  const shared = sharedConnectedPage(url);
  const typed = new Set<string>();
  const openTool = async (tool: string): Promise<ArgumentsEditor> => {
    const editor = new ArgumentsEditor(shared.app);
    await shared.app.selectTool(tool);
    // Every tool has a JSON tab, even one that takes no arguments.
    await expect(editor.tab('JSON')).toBeVisible();
    if (typed.has(tool)) {
      await editor.tab('JSON').click();
      await editor.json.fill('');
      // An empty editor shows its placeholder, "{}".
      await expect(editor.json.locator('.cm-placeholder')).toBeVisible();
      await shared.app.selectTool(away);
      await shared.app.selectTool(tool);
      await expect(editor.tab('Form')).toBeVisible();
    }
    typed.add(tool);
    return editor;
  };
  return { openTool, shared };
}

test.describe('argument forms on the demo server', () => {
  const toolscope = serveToolscope([]);
  const { openTool, shared } = toolOpener(() => toolscope.cli.url, 'echo');

  test('fills create_order: nested objects, array items added, reordered and removed, a map, a union', async () => {
    const editor = await openTool('create_order');
    await expect(editor.tab('Form')).toHaveAttribute('aria-selected', 'true');
    const customer = editor.group('customer');
    await editor.field('name', customer).fill('Ada Lovelace');
    await editor.field('email', customer).fill('ada@example.com');

    const items = editor.group('items');
    await editor.field('sku', items.getByRole('group', { name: 'items #1' })).fill('MUG-1');
    await items
      .getByRole('group', { name: 'items #1' })
      .getByRole('spinbutton', { name: 'quantity' })
      .fill('2');
    await items.getByRole('button', { name: 'Add item to items' }).click();
    const second = items.getByRole('group', { name: 'items #2' });
    await editor.field('sku', second).fill('TEE-2');
    await second.getByRole('spinbutton', { name: 'quantity' }).fill('1');
    await second.getByRole('button', { name: 'Add entry to options' }).click();
    await second.getByRole('textbox', { name: 'Key of entry 1' }).fill('size');
    await second.getByRole('textbox', { name: 'Key of entry 1' }).blur();
    await second.getByRole('textbox', { name: 'Value of entry 1' }).fill('L');
    await items.getByRole('button', { name: 'Add item to items' }).click();
    await editor.field('sku', items.getByRole('group', { name: 'items #3' })).fill('DROP-ME');

    await items.getByRole('button', { name: 'Move items #2 up' }).click();
    await expect(editor.field('sku', items.getByRole('group', { name: 'items #1' }))).toHaveValue('TEE-2');
    await items.getByRole('button', { name: 'Remove items #3' }).click();
    await expect(items.getByRole('group', { name: 'items #3' })).toHaveCount(0);

    await editor.panel.getByRole('combobox', { name: 'shipping variant' }).selectOption('express');
    // A date-time is text: pasted ISO 8601 is kept as typed, with no locale picker or time-zone shift.
    await editor.panel.getByLabel('deliverBy').fill('2030-01-02T03:04:00Z');
    await editor.panel.getByRole('combobox', { name: 'priority' }).selectOption('urgent');

    expect(await editor.readJson()).toEqual({
      customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      items: [
        { sku: 'TEE-2', quantity: 1, options: { size: 'L' } },
        { sku: 'MUG-1', quantity: 2 },
      ],
      shipping: { method: 'express', deliverBy: '2030-01-02T03:04:00Z' },
      priority: 'urgent',
    });
    await expect(editor.panel.getByText('Arguments match the input schema')).toBeVisible();

    await editor.app.callTool();
    await expect(editor.app.result).toContainText('for Ada Lovelace <ada@example.com>: 2 line(s), 3 item(s)');
  });

  test('switches between the tabs both ways over the same arguments', async () => {
    const editor = await openTool('get_weather');
    await editor.field('city').fill('Lisbon');
    expect(await editor.readJson()).toEqual({ city: 'Lisbon', units: 'celsius' });
    await editor.json.fill('{"city": "Porto", "units": "fahrenheit"}');
    await editor.tab('Form').click();
    await expect(editor.field('city')).toHaveValue('Porto');
    await expect(editor.panel.getByRole('combobox', { name: 'units' })).toHaveValue('fahrenheit');
  });

  test('keeps typed JSON exactly as typed, escapes and null included', async () => {
    const editor = await openTool('create_order');
    const typed = '{"notes": "a\\\\\\"b \\u00e9", "priority": null, "customer": {"name": "x\\ty"}}';
    await editor.tab('JSON').click();
    await editor.json.fill(typed);
    await expect(editor.json).toHaveText(typed);
    await editor.tab('Form').click();
    await expect(editor.field('notes')).toHaveValue('a\\"b é');
    await editor.tab('JSON').click();
    await expect(editor.json).toHaveText(typed);
    await expect(editor.problems).toContainText('/priority');
  });

  test('shows a parse error under the editor and keeps the form away from broken text', async () => {
    const editor = await openTool('get_weather');
    await editor.tab('JSON').click();
    await editor.json.fill('{"city": ');
    await expect(editor.json).toHaveAccessibleDescription(/^Invalid JSON: /);
    await expect(editor.json).toHaveAttribute('aria-invalid', 'true');
    await editor.tab('Form').click();
    await expect(editor.panel.getByRole('note')).toContainText('The form cannot show the current text.');
    await editor.tab('JSON').click();
    await expect(editor.json).toHaveText('{"city": ');
  });

  test('says a tool takes no arguments, and still lets the user send some from the JSON tab', async () => {
    const page = shared.page;
    const editor = await openTool('ping_time');
    await expect(editor.panel.getByText('This tool takes no arguments.')).toBeVisible();
    await expect(editor.tab('Form')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.panel.getByText('Arguments match the input schema')).toHaveCount(0);

    await editor.tab('JSON').click();
    await editor.json.fill('{"surprise": true}');
    await editor.tab('Form').click();
    await expect(editor.panel.getByText(/holds arguments it does not declare/)).toBeVisible();

    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(editor.app.approvalDialog.getByLabel('Arguments to send')).toContainText('"surprise": true');
    await editor.app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(editor.app.result).toContainText('Server time:');
    // The page is shared: this test's call is the latest one in the trace.
    await editor.app.trace
      .getByRole('button', { name: /^tools\/call, sent/ })
      .last()
      .click();
    await expect(editor.app.trace.getByRole('group', { name: 'Frame detail' })).toContainText(
      '"surprise": true',
    );
  });

  test('create_order form at 1280x800', async () => {
    const page = shared.page;
    const editor = await openTool('create_order');
    await editor.field('name', editor.group('customer')).fill('Ada Lovelace');
    await editor.field('email', editor.group('customer')).fill('ada@example');
    await expect(editor.problems).toContainText('must match format "email"');
    await page.screenshot({ path: 'test-results/arguments-form/create-order.png' });
  });
});

test.describe('argument forms for awkward schemas', () => {
  const toolscope = serveToolscope([
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/schema-zoo-server.ts',
  ]);
  const { openTool, shared } = toolOpener(() => toolscope.cli.url, 'remote_schema');

  test('shows the dialect next to the schema: $schema first, the revision second; draft-04 read as draft-04', async () => {
    const editor = await openTool('find_record');
    await expect(editor.panel.getByText('JSON Schema 2020-12 · default of 2025-11-25')).toBeVisible();
    await editor.app.selectTool('legacy_draft04');
    await expect(editor.panel.getByText('JSON Schema draft-04 · $schema')).toBeVisible();
    await editor.app.setArgumentsJson('{"ratio": 0}');
    await expect(editor.problems).toContainText('/ratio must be > 0');
    await editor.app.selectTool('custom_meta_schema');
    await expect(editor.panel.getByRole('note')).toContainText(
      'Unknown $schema "https://example.com/schemas/my-meta"',
    );
    await editor.app.page.getByRole('button', { name: 'Show declaration' }).click();
    await expect(editor.panel.getByRole('region', { name: 'declaration' })).toContainText('None declared.');
  });

  test('a root oneOf gets a chooser, and the chosen option its fields', async () => {
    const editor = await openTool('find_record');
    const chooser = editor.panel.getByRole('combobox', { name: /variant$/ });
    await expect(chooser.getByRole('option')).toHaveText(['By ID', 'By query']);
    await expect(editor.field('id')).toBeVisible();
    await chooser.selectOption('By query');
    await editor.field('query').fill('toolscope');
    await expect(editor.field('id')).toHaveCount(0);
    expect(await editor.readJson()).toEqual({ query: 'toolscope', limit: 10 });
  });

  test('a recursive schema renders a few levels deep, then as JSON', async () => {
    const editor = await openTool('insert_tree');
    const root = editor.group('root');
    await editor.field('label', root).first().fill('top');
    await root.getByRole('button', { name: 'Add item to children' }).click();
    const child = root.getByRole('group', { name: 'children #1' });
    await editor.field('label', child).first().fill('child');
    await child.getByRole('button', { name: 'Add item to children' }).click();
    const grandchild = child.getByRole('group', { name: 'children #1' });
    await editor.field('label', grandchild).first().fill('grandchild');
    await grandchild.getByRole('button', { name: 'Add item to children' }).click();
    await expect(grandchild.getByText('Recursive node: edited as JSON')).toBeVisible();
    await grandchild.getByRole('textbox', { name: 'children-1' }).fill('{"label": "deep", "children": []}');
    expect(await editor.readJson()).toEqual({
      root: {
        label: 'top',
        children: [
          {
            label: 'child',
            children: [{ label: 'grandchild', children: [{ label: 'deep', children: [] }] }],
          },
        ],
      },
    });
  });

  test('pydantic nullables start null and can be given a value', async () => {
    const editor = await openTool('update_profile');
    const nickname = editor.panel.getByRole('checkbox', { name: 'Set Nickname to null' });
    await expect(nickname).toBeChecked();
    await nickname.uncheck();
    await editor.field('Nickname').fill('Ada');
    const address = editor.panel.getByRole('checkbox', { name: 'Set Address to null' });
    await expect(address).toBeChecked();
    await address.uncheck();
    await editor.field('Street').fill('1 Main St');
    await editor.field('City').fill('Porto');
    await editor.field('Name').fill('Ada L.');
    expect(await editor.readJson()).toEqual({
      name: 'Ada L.',
      nickname: 'Ada',
      age: null,
      address: { street: '1 Main St', city: 'Porto' },
    });
  });

  test('flags invalid arguments with their paths but still lets them be sent', async () => {
    const editor = await openTool('register_user');
    await editor.field('username').fill('ab');
    await editor.field('email').fill('not-an-email');
    await expect(editor.problems).toContainText('/username must NOT have fewer than 3 characters');
    await expect(editor.problems).toContainText('/email must match format "email"');
    await expect(editor.field('email')).toHaveAttribute('aria-invalid', 'true');
    await editor.app.callTool();
    await expect(editor.app.result).toContainText('received {"username":"ab","email":"not-an-email"');
  });

  test('edits an additionalProperties map', async () => {
    const editor = await openTool('set_labels');
    const labels = editor.group('labels');
    await labels.getByRole('button', { name: 'Add entry to labels' }).click();
    await labels.getByRole('textbox', { name: 'Key of entry 1' }).fill('team');
    await labels.getByRole('textbox', { name: 'Key of entry 1' }).blur();
    await labels.getByRole('textbox', { name: 'Value of entry 1' }).fill('core');
    await labels.getByRole('button', { name: 'Add entry to labels' }).click();
    await labels.getByRole('button', { name: 'Remove entry 2' }).click();
    expect(await editor.readJson()).toEqual({ labels: { team: 'core' } });
  });

  test('falls back to JSON with a note when the schema has no form', async () => {
    const editor = await openTool('remote_schema');
    await expect(editor.tab('JSON')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.tab('Form')).toHaveAttribute('aria-disabled', 'true');
    await expect(editor.panel.getByRole('note')).toContainText(
      'The input schema refers to https://example.com/schemas/remote-input.json, which Toolscope cannot resolve.',
    );
    await editor.json.fill('{"anything": true}');
    await expect(editor.json).toHaveText('{"anything": true}');
  });

  test('renders hostile schemas as inert text and stays responsive', async () => {
    const page = shared.page;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const editor = await openTool('hostile_text');
    await expect(editor.panel.getByText('<script>window.__pwned=2</script>').first()).toBeVisible();
    await expect(editor.panel.getByText('Nested too deeply for the form')).toBeVisible();
    // An input with suggestions (a datalist) is a combobox.
    const pick = editor.panel.getByRole('combobox', { name: 'pick', exact: true });
    await pick.fill('value-9999');
    await expect(editor.panel.getByText('One of 10,000 values; type to filter.')).toBeVisible();
    expect(await editor.readJson()).toEqual({ pick: 'value-9999' });
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
