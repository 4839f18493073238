import { describe, expect, it } from 'vitest';
import { defaultDialect, detectDialect } from './detect-dialect.ts';

describe('detectDialect', () => {
  it('defaults to 2020-12 from 2025-11-25 on (and when the revision is unknown), as MCP specifies', () => {
    expect(detectDialect({ type: 'object' }, '2025-11-25')).toMatchObject({
      dialect: 'draft-2020-12',
      source: 'revision-default',
      recognised: true,
      label: 'JSON Schema 2020-12 · default of 2025-11-25',
    });
    expect(detectDialect({ type: 'object' }).dialect).toBe('draft-2020-12');
    expect(detectDialect(true, '2026-07-28').dialect).toBe('draft-2020-12');
  });

  it('defaults to draft-07 under the revisions before 2025-11-25, which never said 2020-12', () => {
    for (const revision of ['2024-11-05', '2025-03-26', '2025-06-18']) {
      expect(detectDialect({ type: 'object' }, revision)).toMatchObject({
        dialect: 'draft-07',
        engine: 'draft-07',
        source: 'revision-default',
        label: `JSON Schema draft-07 · default of ${revision}`,
      });
    }
    expect(defaultDialect('2025-06-18')).toBe('draft-07');
    expect(defaultDialect('unknown')).toBe('draft-2020-12');
  });

  it.each([
    ['http://json-schema.org/draft-07/schema#', 'draft-07', 'draft-07'],
    ['http://json-schema.org/draft-07/schema', 'draft-07', 'draft-07'],
    ['https://json-schema.org/draft-07/schema#', 'draft-07', 'draft-07'],
    ['https://json-schema.org/draft/2020-12/schema', 'draft-2020-12', 'draft-2020-12'],
    ['https://json-schema.org/draft/2019-09/schema', 'draft-2019-09', 'draft-2019-09'],
    ['http://json-schema.org/draft-06/schema#', 'draft-06', 'draft-07'],
    ['http://json-schema.org/draft-04/schema#', 'draft-04', 'draft-07'],
  ])('reads $schema %s as %s (on the %s engine), whatever the revision', ($schema, dialect, engine) => {
    for (const revision of ['2024-11-05', '2025-11-25']) {
      expect(detectDialect({ $schema }, revision)).toMatchObject({
        dialect,
        engine,
        source: 'declared',
        recognised: true,
        declared: $schema,
        label: expect.stringMatching(/ · \$schema$/),
      });
    }
  });

  it('reports a $schema it cannot place and reads the schema with the revision default', () => {
    expect(detectDialect({ $schema: 'urn:nonsense' }, '2025-06-18')).toMatchObject({
      dialect: 'draft-07',
      recognised: false,
      problem: expect.stringContaining('Unknown $schema "urn:nonsense"'),
    });
    expect(detectDialect({ $schema: 'http://json-schema.org/draft-03/schema#' }).problem).toMatch(/Unknown/);
    expect(detectDialect({ $schema: 5 }, '2025-11-25')).toMatchObject({
      dialect: 'draft-2020-12',
      declared: '5',
      problem: expect.stringContaining('not a string'),
    });
  });
});
