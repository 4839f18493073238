import { describe, expect, it } from 'vitest';
import { detectDialect } from './detect-dialect.ts';

describe('detectDialect', () => {
  it('defaults to 2020-12 when $schema is absent, as MCP specifies', () => {
    expect(detectDialect({ type: 'object' })).toEqual({ dialect: 'draft-2020-12', recognised: true });
    expect(detectDialect(true).dialect).toBe('draft-2020-12');
  });

  it.each([
    ['http://json-schema.org/draft-07/schema#', 'draft-07'],
    ['http://json-schema.org/draft-07/schema', 'draft-07'],
    ['https://json-schema.org/draft-07/schema#', 'draft-07'],
    ['https://json-schema.org/draft/2020-12/schema', 'draft-2020-12'],
    ['https://json-schema.org/draft/2019-09/schema', 'draft-2019-09'],
  ])('reads %s as %s', ($schema, dialect) => {
    expect(detectDialect({ $schema })).toMatchObject({ dialect, recognised: true, declared: $schema });
  });

  it('reads older drafts as draft-07 but flags the $schema as unknown to Ajv', () => {
    expect(detectDialect({ $schema: 'http://json-schema.org/draft-04/schema#' })).toMatchObject({
      dialect: 'draft-07',
      recognised: false,
    });
  });

  it('falls back to 2020-12 for a $schema it cannot place', () => {
    expect(detectDialect({ $schema: 'urn:nonsense' })).toMatchObject({
      dialect: 'draft-2020-12',
      recognised: false,
    });
  });
});
