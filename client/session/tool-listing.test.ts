import { describe, expect, it } from 'vitest';
import { listingCacheKey } from './tool-listing.ts';

describe('listingCacheKey', () => {
  const target = { transport: 'stdio' as const, command: 'node', args: ['server.js'] };
  it('shares cached lists between connections to the same target under the same era choice', () => {
    expect(listingCacheKey({ ...target, args: ['server.js'] })).toBe(listingCacheKey(target));
    expect(listingCacheKey({ ...target, era: 'auto' })).toBe(listingCacheKey(target));
  });
  it("keeps a modern connection's list from answering a Legacy one, and another target's", () => {
    expect(listingCacheKey({ ...target, era: 'legacy' })).not.toBe(listingCacheKey(target));
    expect(listingCacheKey({ ...target, era: 'modern' })).not.toBe(
      listingCacheKey({ ...target, era: 'legacy' }),
    );
    expect(listingCacheKey({ ...target, args: ['other.js'] })).not.toBe(listingCacheKey(target));
  });
});
