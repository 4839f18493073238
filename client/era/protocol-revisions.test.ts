import { describe, expect, it } from 'vitest';
import {
  before,
  knownRevision,
  resultFeatureBeyond,
  resultFeaturesBeyond,
  toolFieldsBeyond,
} from './protocol-revisions.ts';

describe('fields beyond the negotiated revision', () => {
  const tool = {
    name: 't',
    title: 'T',
    inputSchema: { type: 'object' as const },
    outputSchema: { type: 'object' as const },
    annotations: { readOnlyHint: true },
    icons: [{ src: 'data:image/png;base64,AA==' }],
  };

  it('marks tool fields the revision does not define', () => {
    expect(toolFieldsBeyond('2024-11-05', tool).map((f) => f.field)).toEqual([
      'annotations',
      'title',
      'outputSchema',
      'icons',
    ]);
    expect(toolFieldsBeyond('2025-06-18', tool).map((f) => f.field)).toEqual(['icons']);
    expect(toolFieldsBeyond('2025-11-25', tool)).toEqual([]);
  });

  it('marks result content types and structuredContent', () => {
    const result = {
      content: [{ type: 'audio' }, { type: 'resource_link' }, { type: 'text' }],
      structuredContent: {},
    };
    expect(resultFeaturesBeyond('2024-11-05', result)).toEqual([
      { field: 'structuredContent', since: '2025-06-18' },
      { field: 'audio', since: '2025-03-26' },
      { field: 'resource_link', since: '2025-06-18' },
    ]);
    expect(resultFeaturesBeyond('2025-06-18', result)).toEqual([]);
    expect(resultFeatureBeyond('2025-03-26', 'resource_link')).toBe('2025-06-18');
    expect(resultFeatureBeyond('2025-03-26', 'audio')).toBeUndefined();
  });

  it('marks execution (tasks) before 2025-11-25', () => {
    const withTasks = { ...tool, execution: { taskSupport: 'required' as const } };
    expect(toolFieldsBeyond('2025-06-18', withTasks).map((f) => f.field)).toEqual(['icons', 'execution']);
  });

  it('treats a revision that is not a date as the latest: nothing marked, no later rule withheld', () => {
    expect(knownRevision('unknown')).toBeUndefined();
    expect(knownRevision('2025-06-18')).toBe('2025-06-18');
    expect(before('unknown', '2025-11-25')).toBe(false);
    expect(before(undefined, '2025-11-25')).toBe(false);
    expect(before('2025-06-18', '2025-11-25')).toBe(true);
    expect(toolFieldsBeyond('unknown', tool)).toEqual([]);
  });
});
