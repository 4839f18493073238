import { test, expect, type Page } from '@playwright/test';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { block, callAndWait, HOSTILE_SERVER, screenshot } from './helpers/result-calls.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';
import type { ToolscopePage } from './helpers/toolscope-page.ts';

test.describe('result viewers on the demo server', () => {
  let cli: CliProcess;
  test.beforeAll(async () => {
    cli = await startCli([]);
  });
  test.afterAll(async () => {
    await cli?.stop();
  });

  const shared = sharedConnectedPage(() => cli.url);
  let app: ToolscopePage;
  let page: Page;
  test.beforeEach(() => {
    ({ app, page } = shared);
  });

  test('text: pretty-prints JSON-looking text, toggles wrap and as-sent, and shows raw JSON', async () => {
    const result = await callAndWait(
      app,
      'echo',
      '{"message": "{\\"city\\":\\"Lisbon\\",\\"tags\\":[1,2]}"}',
    );
    const text = block(result, 'Content 1: text');
    await expect(text.locator('pre')).toHaveText(
      '{\n  "city": "Lisbon",\n  "tags": [\n    1,\n    2\n  ]\n}',
    );
    await text.getByRole('button', { name: 'Pretty JSON', pressed: true }).click();
    await expect(text.locator('pre')).toHaveText('{"city":"Lisbon","tags":[1,2]}');
    await text.getByRole('button', { name: 'Wrap lines', pressed: true }).click();
    await expect(text.getByRole('button', { name: 'Wrap lines', pressed: false })).toBeVisible();
    await expect(text.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(result.getByText('OK', { exact: true })).toBeVisible();

    await result.getByRole('tab', { name: 'Raw JSON' }).click();
    const raw = JSON.parse(
      (await result.getByRole('tabpanel').locator('pre').textContent()) ?? '',
    ) as unknown;
    // The demo speaks 2026-07-28 under Auto: the result as sent, with its resultType and the server's info in _meta.
    expect(raw).toEqual({
      content: [{ type: 'text', text: '{"city":"Lisbon","tags":[1,2]}' }],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': expect.objectContaining({ name: 'toolscope-demo' }) },
    });
    await screenshot(page, 'raw-json');
  });

  test('image: shows a PNG inline with its MIME type, decoded size and pixel size', async () => {
    const result = await callAndWait(app, 'generate_image');
    const image = block(result, 'Content 2: image');
    const img = image.getByRole('img', { name: 'Image from the result (image/png)' });
    await expect(img).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(image).toContainText('image/png');
    await expect(image).toContainText(/\d+(\.\d)? (B|KB)/);
    await expect(image).toContainText('64×64 px');
    await screenshot(page, 'image');
  });

  test('audio: offers a player with MIME type and size', async () => {
    const result = await callAndWait(app, 'generate_audio');
    const audio = block(result, 'Content 2: audio');
    await expect(audio.locator('audio[controls]')).toHaveAttribute('src', /^data:audio\/wav;base64,/);
    await expect(audio).toContainText('audio/wav');
    await expect(audio).toContainText('7.9 KB');
  });

  test('mixed content: every block gets its own viewer', async () => {
    const result = await callAndWait(app, 'mixed_content');
    await expect(block(result, 'Content 1: text')).toBeVisible();
    await expect(block(result, 'Content 2: image').getByRole('img')).toBeVisible();
    await expect(block(result, 'Content 3: audio').locator('audio')).toBeVisible();
    await expect(block(result, 'Content 4: resource_link')).toContainText('Demo server README');
    await screenshot(page, 'mixed');
  });

  test('resource links: show metadata and annotations, open inline through resources/read', async () => {
    const result = await callAndWait(app, 'get_resource_link');
    const readme = block(result, 'Content 2: resource_link');
    await expect(readme).toContainText('demo://docs/readme');
    await expect(readme).toContainText('What the demo server is for');
    await expect(readme.getByRole('list', { name: 'Annotations' })).toContainText('audience: user');
    await expect(readme.getByRole('list', { name: 'Annotations' })).toContainText('priority 0.9');
    // Custom schemes are never links.
    await expect(result.locator('a[href^="demo:"]')).toHaveCount(0);

    await readme.getByRole('button', { name: 'Open' }).click();
    const contents = readme.getByRole('group', { name: 'Contents of demo://docs/readme' });
    // Markdown is rendered (no '#' left), its source one click away.
    await expect(contents).toContainText('Markdown');
    await expect(contents).toContainText('Toolscope demo server');
    await expect(contents).not.toContainText('# Toolscope demo server');
    await screenshot(page, 'resource-link');
    await contents.getByRole('button', { name: 'Source' }).click();
    await expect(contents).toContainText('# Toolscope demo server');

    // "Show in Resources" reads it on the stage, a call in History.
    await readme.getByRole('button', { name: 'Show in Resources' }).click();
    await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
      'Toolscope demo server',
    );
    await page.getByRole('tab', { name: 'Tools' }).click();

    const pdf = block(result, 'Content 4: resource_link');
    await pdf.getByRole('button', { name: 'Open' }).click();
    const downloading = page.waitForEvent('download');
    await pdf
      .getByRole('group', { name: 'Contents of demo://files/hello.pdf' })
      .getByRole('button', { name: 'Download' })
      .click();
    expect((await downloading).suggestedFilename()).toBe('hello.pdf');
  });

  test('embedded resources: text with a language hint, blob as a sized download', async () => {
    const text = await callAndWait(app, 'embedded_text_resource');
    const snippet = block(text, 'Content 1: resource');
    await expect(snippet).toContainText('TypeScript');
    await expect(snippet).toContainText('demo://snippets/greet.ts');
    await expect(snippet.locator('pre')).toContainText('export function greet(name: string): string {');
    await expect(snippet.getByRole('list', { name: 'Annotations' })).toContainText(
      'modified 2025-06-01 12:00 UTC',
    );
    await screenshot(page, 'embedded-text');

    const blob = await callAndWait(app, 'embedded_blob_resource');
    const pdf = block(blob, 'Content 1: resource');
    await expect(pdf).toContainText('application/pdf');
    await expect(pdf).toContainText(/Binary data, \d+ B/);
    const downloading = page.waitForEvent('download');
    await pdf.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('hello.pdf');
    const saved = await download.createReadStream();
    const head = await new Promise<string>((resolve) =>
      saved.once('data', (chunk) => resolve(String(chunk).slice(0, 5))),
    );
    expect(head).toBe('%PDF-');
  });

  test('structured content: a valid result is checked and mirrored', async () => {
    const result = await callAndWait(app, 'add', '{"a": 2, "b": 3}');
    await expect(result.getByText('Matches outputSchema (JSON Schema 2020-12 · $schema)')).toBeVisible();
    // A healthy mirror is no news: it waits behind "Details".
    await expect(result.getByText('Text block mirrors structuredContent')).toHaveCount(0);
    await result.getByRole('button', { name: 'Result details' }).click();
    await expect(result.getByText('Text block mirrors structuredContent')).toBeVisible();
    const tree = result.getByRole('group', { name: 'Structured content' });
    await expect(tree).toContainText('"sum": 5');
    await screenshot(page, 'structured-valid');
  });

  test('structured content: violations are listed with JSON paths while the data still shows', async () => {
    const result = await callAndWait(app, 'bad_structured_output');
    await expect(result.getByText('Output schema violation')).toBeVisible();
    const violations = result.getByRole('list', { name: 'Schema violations' });
    await expect(violations).toContainText('$.temperature must be number');
    await expect(violations).toContainText('$.humidity is required but missing');
    await expect(violations).toContainText('$.windSpeed is not allowed');
    await expect(result.getByRole('group', { name: 'Structured content' })).toContainText('"warm-ish"');
    await screenshot(page, 'structured-violation');
  });

  test('errors: a tool error (amber) and a protocol error (red) read differently', async () => {
    const toolError = await callAndWait(app, 'fail_with_tool_error');
    await expect(toolError.getByText('Tool error', { exact: true }).first()).toBeVisible();
    await expect(toolError).toContainText('isError: true');
    await expect(toolError).toContainText('The demo warehouse is closed');
    await screenshot(page, 'tool-error');

    const protocolError = await callAndWait(app, 'fail_with_protocol_error');
    await expect(protocolError.getByText('Protocol error', { exact: true }).first()).toBeVisible();
    await expect(protocolError).toContainText('JSON-RPC error -32602 · Invalid params');
    await expect(protocolError).toContainText('fail_with_protocol_error always rejects its request');
    await expect(protocolError).toContainText('"reason": "demo"');
    await screenshot(page, 'protocol-error');
  });
});

test.describe('result viewers on a hostile server', () => {
  let cli: CliProcess;
  test.beforeAll(async () => {
    cli = await startCli(HOSTILE_SERVER);
  });
  test.afterAll(async () => {
    await cli?.stop();
  });

  const shared = sharedConnectedPage(() => cli.url);
  let app: ToolscopePage;
  let page: Page;
  const dialogs: string[] = [];
  test.beforeAll(() => {
    shared.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  test.beforeEach(() => {
    ({ app, page } = shared);
  });
  test.afterEach(async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    // Nothing from a result becomes live markup: no scripts, frames, event-handler attributes or script links.
    const live = app.result.locator(
      'script, iframe, object, embed, [onerror], [onload], a[href^="javascript:"], a[href^="data:"]',
    );
    await expect(live).toHaveCount(0);
  });

  test('HTML in text is shown as text', async () => {
    const result = await callAndWait(app, 'html_text');
    await expect(block(result, 'Content 1: text').locator('pre')).toContainText(
      '<script>window.__pwned=1;alert(1)</script>',
    );
    await expect(result.locator('img')).toHaveCount(0);
  });

  test('an SVG with script is only ever an <img>', async () => {
    const result = await callAndWait(app, 'svg_script_image');
    const img = block(result, 'Content 1: image').getByRole('img');
    await expect(img).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(40);
    await screenshot(page, 'hostile-svg');
  });

  test('bogus MIME types are downloads and invalid base64 is a clear error', async () => {
    const result = await callAndWait(app, 'bogus_images');
    await expect(block(result, 'Content 1: image')).toContainText('Not shown: application/x-bogus');
    await expect(block(result, 'Content 1: image').getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(block(result, 'Content 2: image')).toContainText('Not shown: text/html');
    await expect(block(result, 'Content 3: image')).toContainText('Invalid image data: invalid base64');
    await expect(block(result, 'Content 4: audio')).toContainText('Not played: audio/x-evil');
    await expect(result.locator('img, audio')).toHaveCount(0);
    await screenshot(page, 'hostile-bogus');
  });

  test('resource links never navigate; reading an unknown URI fails inline', async () => {
    const result = await callAndWait(app, 'javascript_link');
    const evil = block(result, 'Content 1: resource_link');
    await expect(evil).toContainText('javascript:window.__pwned=1;alert(1)');
    await expect(evil).toContainText('<img src=x onerror="alert(1)">');
    await expect(evil.getByRole('link')).toHaveCount(0);
    await evil.getByRole('button', { name: 'Open' }).click();
    await expect(evil).toContainText('Could not read the resource: Resource not found');
    expect(page.url().startsWith(cli.origin)).toBe(true);

    const html = block(result, 'Content 3: resource_link');
    await html.getByRole('button', { name: 'Open' }).click();
    await expect(
      html.getByRole('group', { name: 'Contents of hostile://page.html' }).locator('pre'),
    ).toContainText('<script>');

    const web = block(result, 'Content 4: resource_link').getByRole('link', { name: /Open in new tab/ });
    await expect(web).toHaveAttribute('href', 'https://example.com/docs');
    await expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(web).toHaveAttribute('target', '_blank');
    await screenshot(page, 'hostile-links');
  });

  test('embedded HTML is text, an HTML blob is a download', async () => {
    const result = await callAndWait(app, 'embedded_html');
    await expect(block(result, 'Content 1: resource')).toContainText('HTML');
    await expect(block(result, 'Content 1: resource').locator('pre')).toContainText('<script>');
    await expect(
      block(result, 'Content 2: resource').getByRole('button', { name: 'Download' }),
    ).toBeVisible();
  });

  test('unknown content types are shown raw with a note', async () => {
    const result = await callAndWait(app, 'unknown_type');
    const unknown = block(result, 'Content 1: hologram');
    await expect(unknown).toContainText('Unknown content type "hologram"');
    await expect(unknown.locator('pre')).toContainText('"frames": 3');
  });

  test('malformed blocks are explained and do not break the others', async () => {
    const result = await callAndWait(app, 'malformed_blocks');
    await expect(result.getByRole('group', { name: /^Content \d+:/ })).toHaveCount(9);
    await expect(block(result, 'Content 1: malformed')).toContainText('block must be an object, got null');
    await expect(block(result, 'Content 4: malformed')).toContainText('text must be a string, got undefined');
    await expect(block(result, 'Content 7: malformed')).toContainText('resource: has both text and blob');
    const fine = block(result, 'Content 9: text');
    await expect(fine.locator('pre')).toHaveText('a fine block with bad annotations');
    await expect(fine.getByRole('list', { name: 'Annotations' })).toContainText('priority: invalid');
    await screenshot(page, 'hostile-malformed');

    const notArray = await callAndWait(app, 'content_not_array');
    await expect(notArray).toContainText('content must be an array, got a string');
  });

  test('an outputSchema that does not compile is reported, the data still shows', async () => {
    const result = await callAndWait(app, 'uncompilable_schema');
    await expect(
      result.getByText(
        /^Output schema could not be compiled: not valid JSON Schema 2020-12: schema is invalid: data\/properties\/x\/type/,
      ),
    ).toBeVisible();
    await expect(result.getByRole('group', { name: 'Structured content' })).toContainText('onerror');
  });

  test('a protocol error carrying HTML is shown as text', async () => {
    const result = await callAndWait(app, 'protocol_error_with_data');
    await expect(result.getByText('Protocol error', { exact: true }).first()).toBeVisible();
    await expect(result).toContainText('JSON-RPC error -32603 · Internal error');
    await expect(result).toContainText('<script>window.__pwned=1;alert(1)</script>');
  });
});
