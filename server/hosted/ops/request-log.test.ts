import { describe, expect, it } from 'vitest';
import { loggablePath } from './request-log.ts';

describe('request log paths', () => {
  it('drop the query and hide share ids', () => {
    expect(loggablePath('/api/config?token=abc')).toBe('/api/config');
    expect(loggablePath('/api/shared/AbC_123/live?frames=2')).toBe('/api/shared/***/live');
    expect(loggablePath('/share/AbC_123')).toBe('/share/***');
  });
});
