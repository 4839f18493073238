import { describe, expect, it } from 'vitest';
import { toElicitationForm } from './elicitation-schema.ts';

describe('toElicitationForm', () => {
  it('keeps primitives and required as they are', () => {
    const form = toElicitationForm({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', format: 'email' },
        age: { type: 'integer', minimum: 1 },
      },
      required: ['name'],
    });
    expect(form.schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', format: 'email' },
        age: { type: 'integer', minimum: 1 },
      },
      required: ['name'],
    });
    expect(form.uiSchema).toEqual({});
  });

  it('turns legacy enumNames into titled oneOf options', () => {
    const form = toElicitationForm({
      type: 'object',
      properties: { pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'], default: 'p1' } },
    });
    expect(form.schema.properties?.pet).toEqual({
      type: 'string',
      default: 'p1',
      oneOf: [
        { const: 'p1', title: 'Cats' },
        { const: 'p2', title: 'Dogs' },
      ],
    });
  });

  it('makes arrays of choices multi-select checkboxes', () => {
    const form = toElicitationForm({
      type: 'object',
      properties: {
        plain: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        titled: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] } },
      },
    });
    expect(form.schema.properties?.plain).toMatchObject({ uniqueItems: true });
    expect(form.schema.properties?.titled).toMatchObject({ uniqueItems: true });
    expect(form.uiSchema).toEqual({
      plain: { 'ui:widget': 'checkboxes' },
      titled: { 'ui:widget': 'checkboxes' },
    });
  });
});
