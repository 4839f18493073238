import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component loaded the first time it is shown, from its own chunk: what the first screen does not
 * need (Chat, Checks, an MCP App's host) stays out of the initial download (the target is ≤ 300 KB
 * gzipped). `what` names it in the short "Loading …" line shown while its chunk arrives.
 */
export function lazyPanel<P extends object>(
  what: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPanel(props: P) {
    return (
      <Suspense fallback={<p className="p-3 text-xs text-slate-500">Loading {what}…</p>}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPanel;
}
