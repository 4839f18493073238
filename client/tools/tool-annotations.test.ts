import { describe, expect, it } from 'vitest';
import { claimsReadOnly, readAnnotations } from './tool-annotations.ts';

const labels = (annotations: unknown) =>
  readAnnotations(annotations).hints.map((hint) => `${hint.label}${hint.source === 'default' ? '*' : ''}`);

describe('readAnnotations', () => {
  it('gives a tool that says nothing the spec defaults, marked as defaults', () => {
    expect(labels(undefined)).toEqual(['may write*', 'destructive*', 'not idempotent*', 'open-world*']);
    expect(readAnnotations(undefined)).toMatchObject({ absent: true, contradictory: false, problems: [] });
  });

  it('keeps declared hints apart from defaults, and leaves destructive/idempotent out of read-only tools', () => {
    expect(labels({ readOnlyHint: true })).toEqual(['read-only', 'open-world*']);
    expect(
      labels({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }),
    ).toEqual(['may write', 'non-destructive', 'idempotent', 'closed-world']);
  });

  it('flags read-only and destructive at once as contradictory', () => {
    const reading = readAnnotations({ readOnlyHint: true, destructiveHint: true });
    expect(reading.contradictory).toBe(true);
    expect(reading.problems[0]).toMatch(/contradictory/);
    expect(labels({ readOnlyHint: true, destructiveHint: true })).toEqual([
      'read-only',
      'destructive',
      'open-world*',
    ]);
    expect(claimsReadOnly({ readOnlyHint: true, destructiveHint: true })).toBe(false);
    expect(claimsReadOnly({ readOnlyHint: true })).toBe(true);
    expect(claimsReadOnly(undefined)).toBe(false);
  });

  it('reports hints of the wrong type and applies the default', () => {
    const reading = readAnnotations({ readOnlyHint: 'yes', title: 42 });
    expect(reading.problems).toEqual(['readOnlyHint is "yes", not a boolean: the default applies']);
    expect(reading.hints[0]).toMatchObject({ value: false, source: 'default' });
    expect(readAnnotations([1]).problems).toEqual(['annotations is not an object; ignored']);
    expect(claimsReadOnly({ readOnlyHint: 'yes' })).toBe(false);
  });
});
