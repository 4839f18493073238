import { describe, expect, it } from 'vitest';
import { normalizeNullable } from './nullable.ts';
import { NULLABLE_MARK } from './schema-markers.ts';

describe('normalizeNullable', () => {
  it('marks type arrays that include null', () => {
    expect(normalizeNullable({ type: ['string', 'null'] })).toEqual({
      type: ['string', 'null'],
      [NULLABLE_MARK]: true,
    });
  });

  it("collapses pydantic's anyOf [X, null] into X, keeping the field's own annotations", () => {
    const result = normalizeNullable({
      anyOf: [{ type: 'integer', minimum: 0, title: 'inner' }, { type: 'null' }],
      default: null,
      title: 'Age',
    });
    expect(result).toEqual({
      type: ['integer', 'null'],
      minimum: 0,
      default: null,
      title: 'Age',
      [NULLABLE_MARK]: true,
    });
  });

  it('keeps a chooser when more than one non-null option remains', () => {
    const result = normalizeNullable({ oneOf: [{ type: 'string' }, { type: 'number' }, { const: null }] });
    expect(result).toEqual({ oneOf: [{ type: 'string' }, { type: 'number' }], [NULLABLE_MARK]: true });
  });

  it('uses allOf when the field has constraints of its own next to the union', () => {
    const result = normalizeNullable({ anyOf: [{ type: 'object' }, { type: 'null' }], required: ['a'] });
    expect(result).toEqual({ required: ['a'], allOf: [{ type: 'object' }], [NULLABLE_MARK]: true });
  });

  it('reads OpenAPI nullable and enums that list null', () => {
    expect(normalizeNullable({ type: 'string', nullable: true })).toEqual({
      type: ['string', 'null'],
      [NULLABLE_MARK]: true,
    });
    expect(normalizeNullable({ type: ['string', 'null'], enum: ['a', null] })).toEqual({
      type: ['string', 'null'],
      enum: ['a'],
      [NULLABLE_MARK]: true,
    });
  });

  it('turns a union of only null into type null', () => {
    expect(normalizeNullable({ anyOf: [{ type: 'null' }] })).toEqual({ type: 'null' });
  });

  it('leaves ordinary schemas alone', () => {
    const schema = { type: 'string', enum: ['a', 'b'] };
    expect(normalizeNullable(schema)).toBe(schema);
  });
});
