import { useEffect, useState } from 'react';
import { describeFreshness, remainingMs, type ListFreshness } from '#client/session/list-cache.ts';

/**
 * How fresh a listed page is by the server's cache hints ("fresh for 42 s · from cache"), counting
 * down; nothing for a result without hints (2025 era, or `ttlMs` 0). The scope is in the tooltip: with
 * one person per page it changes nothing they see, and "public" read as a privacy warning.
 */
export function ListFreshnessNote({
  freshness,
  compact = false,
}: {
  freshness: ListFreshness | undefined;
  /** "fresh 53 s · cached": for a line that must keep its Refresh inside a narrow pane (the Tools count line). */
  compact?: boolean;
}) {
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
      title={`The server lets this list be reused for ${describeTtl(freshness.ttlMs)} (ttlMs ${freshness.ttlMs}, cacheScope ${freshness.cacheScope}): listing again within that time is answered from the cache; Refresh asks the server`}
      className="font-normal normal-case text-slate-500"
    >
      {compact ? describeFreshness(remaining).replace('fresh for ', 'fresh ') : describeFreshness(remaining)}
      {freshness.fromCache ? (compact ? ' · cached' : ' · from cache') : ''}
    </span>
  );
}

/** "60 s", "5 min": the whole TTL, for the tooltip. */
function describeTtl(ttlMs: number): string {
  const seconds = Math.round(ttlMs / 1000);
  return seconds < 60 || seconds % 60 !== 0 ? `${seconds} s` : `${seconds / 60} min`;
}
