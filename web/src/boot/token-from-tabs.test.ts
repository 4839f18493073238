import { afterEach, describe, expect, it } from 'vitest';
import { askTabsForToken, shareTokenWithTabs } from './token-from-tabs.ts';

describe('the access token from another tab', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('is answered by a tab that holds it', async () => {
    stops.push(shareTokenWithTabs('tab-token'));
    await expect(askTabsForToken(2000)).resolves.toBe('tab-token');
  });

  it('is undefined when no tab holds one', async () => {
    await expect(askTabsForToken(50)).resolves.toBeUndefined();
  });
});
