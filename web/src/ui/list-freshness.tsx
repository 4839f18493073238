import { useEffect, useState } from 'react';
import { describeFreshness, remainingMs, type ListFreshness } from '../mcp/list-cache.ts';

/**
 * How fresh a listed page is by the server's cache hints ("fresh for 42 s · public · from cache"),
 * counting down; nothing for a result without hints (2025 era, or `ttlMs` 0).
 */
export function ListFreshnessNote({ freshness }: { freshness: ListFreshness | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  const live = freshness !== undefined && freshness.ttlMs > 0 && remainingMs(freshness, now) > 0;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [live]);
  if (!freshness || freshness.ttlMs <= 0) return null;
  const remaining = remainingMs(freshness, now);
  return (
    <span
      role="status"
      aria-label="Cache"
      title={`ttlMs ${freshness.ttlMs} · cacheScope ${freshness.cacheScope}: listing again within the TTL is answered from the cache; Refresh asks the server`}
      className="font-normal normal-case text-slate-500"
    >
      {describeFreshness(remaining)} · {freshness.cacheScope}
      {freshness.fromCache ? ' · from cache' : ''}
    </span>
  );
}
