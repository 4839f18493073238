import { describe, expect, it } from 'vitest';
import { titleUnionOptions } from './option-titles.ts';
import { REF_NAME_MARK } from './schema-markers.ts';

const titles = (options: unknown[]) => titleUnionOptions(options).map((o) => (o as { title?: string }).title);

describe('titleUnionOptions', () => {
  it('names tagged-union options after their const property', () => {
    expect(
      titles([
        { properties: { method: { const: 'standard' } } },
        { properties: { method: { enum: ['express'] }, deliverBy: { type: 'string' } } },
      ]),
    ).toEqual(['standard', 'express']);
  });

  it('prefers an existing title, then the $ref name, then the description, then the type', () => {
    expect(
      titles([
        { title: 'Kept', type: 'string' },
        { [REF_NAME_MARK]: '#/$defs/Address', type: 'object' },
        { description: 'First sentence. Second one.', type: 'object' },
        { type: ['integer', 'string'] },
        {},
      ]),
    ).toEqual(['Kept', 'Address', 'First sentence.', 'integer or string', 'Option 5']);
  });

  it('numbers labels that would repeat', () => {
    expect(titles([{ type: 'object' }, { type: 'object' }, { type: 'string' }])).toEqual([
      'object (1)',
      'object (2)',
      'string',
    ]);
  });

  it('shortens long descriptions', () => {
    const [title] = titles([{ description: 'x'.repeat(200) }]);
    expect(title).toHaveLength(48);
    expect(title!.endsWith('…')).toBe(true);
  });
});
