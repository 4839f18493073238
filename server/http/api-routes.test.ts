import { describe, expect, it } from 'vitest';
import { demoServerTarget } from '../demo-target.ts';
import { isDemo } from './api-routes.ts';

describe('isDemo', () => {
  it('knows the built-in demo server under Auto, and nothing else', () => {
    expect(isDemo(demoServerTarget())).toBe(true);
    expect(isDemo({ ...demoServerTarget(), era: 'auto' })).toBe(true);
    // An era chosen on the command line is the user's: the page does as told.
    expect(isDemo({ ...demoServerTarget(), era: 'legacy' })).toBe(false);
    expect(isDemo({ ...demoServerTarget(), args: ['other.js'] })).toBe(false);
    expect(isDemo({ ...demoServerTarget(), env: { DEBUG: '1' } })).toBe(false);
    expect(isDemo({ transport: 'http', url: 'http://127.0.0.1:1/mcp' })).toBe(false);
    expect(isDemo(undefined)).toBe(false);
  });
});
