import { describe, expect, it } from 'vitest';
import { planOutputCheck } from './output-check.ts';

const schema = { type: 'object' };

describe('planOutputCheck', () => {
  it('validates structured content when the tool declares a schema', () => {
    expect(planOutputCheck(schema, { content: [], structuredContent: { a: 1 } })).toEqual({
      kind: 'validate',
      schema,
      data: { a: 1 },
    });
  });
  it('flags a missing structuredContent (servers MUST provide it)', () => {
    expect(planOutputCheck(schema, { content: [] })).toEqual({ kind: 'missing-structured' });
  });
  it('skips tool errors', () => {
    expect(planOutputCheck(schema, { content: [], isError: true })).toEqual({ kind: 'skipped-tool-error' });
  });
  it('flags structuredContent that is not an object, with or without a schema', () => {
    expect(planOutputCheck(schema, { structuredContent: [1] })).toEqual({
      kind: 'not-an-object',
      hasSchema: true,
    });
    expect(planOutputCheck(undefined, { structuredContent: 'x' })).toEqual({
      kind: 'not-an-object',
      hasSchema: false,
    });
  });
  it('does not hold revisions before 2025-06-18 to the structured output rules', () => {
    expect(planOutputCheck(schema, { content: [] }, '2024-11-05')).toEqual({
      kind: 'beyond-revision',
      revision: '2024-11-05',
      since: '2025-06-18',
    });
    expect(planOutputCheck(undefined, { structuredContent: 'x' }, '2025-03-26')).toMatchObject({
      kind: 'beyond-revision',
    });
    expect(planOutputCheck(undefined, { content: [] }, '2024-11-05')).toEqual({ kind: 'none' });
    expect(planOutputCheck(schema, { content: [] }, '2025-06-18')).toEqual({ kind: 'missing-structured' });
    expect(planOutputCheck(schema, { structuredContent: {} }, '2025-06-18')).toMatchObject({
      kind: 'validate',
      revision: '2025-06-18',
    });
  });

  it('does nothing without a schema or a result', () => {
    expect(planOutputCheck(undefined, { structuredContent: { a: 1 } })).toEqual({ kind: 'none' });
    expect(planOutputCheck(schema, undefined)).toEqual({ kind: 'none' });
  });
});
