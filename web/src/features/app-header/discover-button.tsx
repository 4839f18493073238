import { useRef } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { readDiscover } from './discover-facts.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

const termClass = 'font-medium text-slate-600 dark:text-slate-400';

/**
 * The "Server details" button and its dialog: what a 2026-07-28 server declared in `server/discover`
 * (supported versions, capabilities and extensions, instructions, server info, cache hints), and
 * the result as JSON. Shown only on a modern connection.
 */
export function DiscoverButton() {
  const { session } = useServices();
  // Only the current connection's: a closed connection's discover result is not shown as current.
  const discover = useStore(session.state, (s) =>
    s.status === 'connected' ? s.server?.discover : undefined,
  );
  const ref = useRef<HTMLDialogElement>(null);
  if (!discover) return null;
  const facts = readDiscover(discover);
  return (
    <>
      <button
        type="button"
        className={compactButtonClass}
        aria-haspopup="dialog"
        title="What the server declared in server/discover"
        onClick={() => ref.current?.showModal()}
      >
        Server details
      </button>
      <Dialog ref={ref} title="Server details" className="w-[40rem] max-w-[95vw]">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className={termClass}>Server</dt>
          <dd className="font-mono">{facts.server ?? '(not given)'}</dd>
          <dt className={termClass}>Supported versions</dt>
          <dd className="font-mono">{facts.supportedVersions.join(', ') || '(none)'}</dd>
          <dt className={termClass}>Capabilities</dt>
          <dd className="font-mono">{facts.capabilities.join(', ') || '(none)'}</dd>
          <dt className={termClass}>Extensions</dt>
          <dd className="font-mono">{facts.extensions.join(', ') || '(none)'}</dd>
          <dt className={termClass}>Cache hint</dt>
          <dd>{facts.cache}</dd>
          <dt className={termClass}>Instructions</dt>
          <dd className="whitespace-pre-wrap">{facts.instructions ?? '(none)'}</dd>
        </dl>
        <Disclosure className="mt-3 text-sm" summary="Result as JSON">
          <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
            {JSON.stringify(discover, null, 2)}
          </pre>
        </Disclosure>
      </Dialog>
    </>
  );
}
