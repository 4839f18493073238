import { describe, expect, it } from 'vitest';
import { isDark } from './theme.ts';

describe('isDark', () => {
  it('follows the pick, and the system only when the pick is system', () => {
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
  });
});
