import { describe, expect, it } from 'vitest';
import { chooseDialect } from './schema-dialect.ts';

describe('chooseDialect', () => {
  it('defaults to 2020-12', () => {
    expect(chooseDialect({ type: 'object' })).toEqual({ ok: true, dialect: '2020-12' });
    expect(chooseDialect(true)).toEqual({ ok: true, dialect: '2020-12' });
  });
  it('recognises declared dialects, with or without # and https', () => {
    expect(chooseDialect({ $schema: 'http://json-schema.org/draft-07/schema#' })).toMatchObject({
      dialect: 'draft-07',
    });
    expect(chooseDialect({ $schema: 'https://json-schema.org/draft-07/schema' })).toMatchObject({
      dialect: 'draft-07',
    });
    expect(chooseDialect({ $schema: 'http://json-schema.org/draft-06/schema#' })).toMatchObject({
      dialect: 'draft-07',
    });
    expect(chooseDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toMatchObject({
      dialect: '2019-09',
    });
    expect(chooseDialect({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toMatchObject({
      dialect: '2020-12',
    });
  });
  it('reports dialects it cannot validate', () => {
    expect(chooseDialect({ $schema: 'http://json-schema.org/draft-04/schema#' })).toEqual({
      ok: false,
      declared: 'http://json-schema.org/draft-04/schema#',
    });
    expect(chooseDialect({ $schema: 5 })).toEqual({ ok: false, declared: '5' });
  });
});
