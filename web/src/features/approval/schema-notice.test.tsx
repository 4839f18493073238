import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SchemaNotice } from './schema-notice.tsx';

const problems = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ path: `/items/${index}`, message: 'is required' }));

describe('SchemaNotice', () => {
  it('says nothing when the arguments fit', () => {
    expect(renderToString(<SchemaNotice check={{ problems: [] }} />)).toBe('');
  });

  it('counts the problems, lists the first paths and counts the rest', () => {
    const html = renderToString(<SchemaNotice check={{ problems: problems(5) }} />);
    expect(html).toContain('role="note"');
    expect(html).toContain('aria-label="Input schema"');
    expect(html).toContain('5 problems');
    expect(html).toContain('items 1: is required');
    expect(html).toContain('items 3: is required');
    expect(html).toContain('/items/2</span>');
    expect(html).not.toContain('items 4');
    expect(html).toContain('and 2 more');
  });

  it('says plainly that an entry with no key is not sent', () => {
    const unnamed = { path: '/labels', message: 'entry 2 has no key (it is not sent)' };
    const html = renderToString(<SchemaNotice check={{ problems: [unnamed] }} />);
    expect(html).toContain('An entry of the form has no key: not sent.');
    expect(html).toContain('labels: entry 2 has no key (it is not sent)');
    expect(html).not.toContain('/labels: entry');
    const mixed = renderToString(<SchemaNotice check={{ problems: [unnamed, ...problems(1)] }} />);
    expect(mixed).toContain('2 problems');
  });

  it('says when the schema could not be used to check', () => {
    const html = renderToString(<SchemaNotice check={{ problems: [], schemaError: 'bad type' }} />);
    expect(html).toContain('The arguments were not checked: bad type');
  });
});
