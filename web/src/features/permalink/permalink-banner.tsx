import { useState } from 'react';
import { describeTarget } from '#shared/targets.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { Permalink } from './permalink.ts';

/**
 * Says what a shared link prefilled, and that nothing runs until the user presses Connect: until the first
 * connect only, since after that the fields may name another server and the link's words would be stale.
 */
export function PermalinkBanner({ permalink }: { permalink: Permalink }) {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const [connectedOnce, setConnectedOnce] = useState(false);
  // State that follows another value, set while rendering (React's pattern for it, no effect needed).
  if (status !== 'disconnected' && !connectedOnce) setConnectedOnce(true);
  if (connectedOnce || status !== 'disconnected') return null;
  const target = permalink.target;
  const blanks = Object.keys((target.transport === 'stdio' ? target.env : target.headers) ?? {});
  return (
    <div
      role="note"
      aria-label="Shared link"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950"
    >
      This link prefilled a connection to <span className="font-mono">{describeTarget(target)}</span>
      {permalink.tool && (
        <>
          {' '}
          and the tool <span className="font-mono">{permalink.tool}</span>
        </>
      )}
      . Check it, then press Connect: nothing runs before you do.
      {blanks.length > 0 &&
        ` Fill in the values of ${blanks.join(', ')} under Options; links never carry them.`}
    </div>
  );
}
