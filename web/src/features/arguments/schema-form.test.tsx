import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { schemaCorpus, corpusSchema } from '../../../../test/fixtures/schema/schema-corpus.ts';
import { SCRIPT_PAYLOAD } from '../../../../test/fixtures/schema/hostile-schemas.ts';
import { prepareToolSchema } from '#client/schema/prepare-tool-schema.ts';
import { ArgumentsEditor } from './arguments-editor.tsx';
import { SchemaForm } from './schema-form.tsx';
import { UNNAMED_KEY } from '#client/schema/unnamed-entries.ts';

// vitest runs in node here (no DOM): server rendering still builds every field, which is where rjsf throws or
// recurses forever on schemas it cannot handle.
function renderForm(schema: unknown, formData: unknown = {}) {
  const prepared = prepareToolSchema(schema);
  const { schema: formSchema } = prepared.normalized;
  if (!formSchema || !prepared.formValidator) return undefined;
  return renderToString(
    createElement(SchemaForm, {
      schema: formSchema,
      validator: prepared.formValidator,
      formData,
      problems: [],
      onChange: () => {},
    }),
  );
}

function renderEditor(inputSchema: unknown, text = '') {
  const tool = { name: 'tool', inputSchema } as Tool;
  return renderToString(createElement(ArgumentsEditor, { tool, text, onTextChange: () => {} }));
}

afterEach(() => vi.restoreAllMocks());

describe('the generated form', () => {
  it.each(schemaCorpus.map((entry) => [entry.name, entry] as const))('renders %s', (_name, entry) => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    // A hostile schema (exponential refs, a huge enum) must render, not hang: the test's own timeout is
    // the bound; how fast it renders is not asserted here (timed assertions fail on a loaded machine).
    const html = renderEditor(entry.schema);
    if (entry.expect === 'no-params') expect(html).toContain('This tool takes no arguments.');
    else if (entry.expect === 'fallback') expect(html).toContain('Edit the arguments as JSON.');
    else expect(renderForm(entry.schema)).toMatch(/<(input|select|textarea|fieldset)/);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('names map entries by their place, shows an unnamed one empty, and adds no second one', () => {
    const html = renderForm(
      {
        type: 'object',
        properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
      },
      // The form view hands rjsf an empty key under its stand-in (rjsf cannot hold '').
      { labels: { team: 'core', [UNNAMED_KEY]: '' } },
    )!;
    expect(html).toContain('aria-label="Entry 1"');
    expect(html).toContain('aria-label="Key of entry 1"');
    expect(html).toContain('value="team"');
    expect(html).toContain('Value of entry 1');
    expect(html).toContain('aria-label="Entry 2"');
    expect(html).toContain('aria-label="Key of entry 2"');
    expect(html).toContain('Value of entry 2');
    expect(html).toContain('aria-label="Remove entry 2"');
    expect(html).toContain('placeholder="key"');
    expect(html).not.toContain('newKey');
    // One empty key per object: "Add entry" waits for entry 2's key.
    expect(html).toMatch(/<button[^>]*aria-label="Add entry to labels"[^>]*disabled/);
    // Why it waits is said beside it (a disabled button's tooltip does not show everywhere), and the value box
    // says what it holds.
    expect(html).toContain('title="Name entry 2 first"');
    expect(html).toMatch(/aria-describedby="[^"]*-add-why"/);
    expect(html).toMatch(/<span id="[^"]*-add-why"[^>]*>Name entry <!-- -->2<!-- --> first<\/span>/);
    expect(html).toContain('placeholder="value"');
  });

  it('renders nested objects, arrays, unions, maps and nullables of create_order', () => {
    const html = renderForm(corpusSchema('demo create_order (MCP SDK + zod 4)'), {
      customer: { name: 'Ada' },
      items: [
        { sku: 'A', quantity: 1, options: { color: 'red' } },
        { sku: 'B', quantity: 2 },
      ],
      shipping: { method: 'express' },
      notes: null,
    })!;
    expect(html).toContain('<legend');
    expect(html).toContain('aria-label="Move items #2 up"');
    expect(html).toContain('aria-label="Remove items #1"');
    expect(html).toContain('aria-label="Add item to items"');
    expect(html).toContain('aria-label="Key of entry 1"');
    expect(html).toContain('aria-label="Add entry to options"');
    expect(html).toContain('aria-label="shipping variant"');
    // A date-time is text that takes pasted ISO 8601, not the locale picker of datetime-local.
    expect(html).not.toContain('type="datetime-local"');
    expect(html).toContain('placeholder="e.g. 2026-11-25T20:00:00Z"');
    expect(html).toContain('aria-label="Set notes to null"');
    expect(html).toMatch(/<option[^>]*>express<\/option>/);
  });

  it('renders hostile text as text', () => {
    const html = renderForm(corpusSchema('hostile: script in titles and descriptions'))!;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(SCRIPT_PAYLOAD).toContain('<script>');
  });

  it('shows a cut recursion as a JSON box with its reason', () => {
    const html = renderForm(corpusSchema('recursive tree ($defs)'), {
      root: {
        label: 'a',
        children: [{ label: 'b', children: [{ label: 'c', children: [{ label: 'd' }] }] }],
      },
    })!;
    expect(html).toContain('Recursive node: edited as JSON');
  });

  it('offers a text input with suggestions for a 10k enum, not 10k options', () => {
    const html = renderForm(corpusSchema('hostile: huge enum (10k values)'))!;
    expect(html).toMatch(/One of (<!-- -->)?10,000(<!-- -->)? values/);
    expect(html.match(/<option/g)?.length ?? 0).toBeLessThanOrEqual(50);
  });

  it('explains why the form tab is not available', () => {
    expect(renderEditor(corpusSchema('external root $ref'))).toContain(
      'The input schema refers to https://example.com/schemas/order.json, which Toolscope cannot resolve.',
    );
  });

  it('keeps unparseable text out of the form', () => {
    expect(renderEditor(corpusSchema('github create_issue'), '{"owner": ')).toContain(
      'The form cannot show the current text.',
    );
  });
});
