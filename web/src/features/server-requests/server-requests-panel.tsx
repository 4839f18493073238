import { useId } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { CapabilityToggles } from './capability-toggles.tsx';
import { Disclosure } from '../../ui/disclosure.tsx';
import { PendingRequests } from './pending-requests.tsx';
import { RootsEditor } from './roots-editor.tsx';

/**
 * A non-modal floating dialog: the user can keep reading the tool panel and the trace while the
 * server waits. Holds the queue, the roots and the client capability choices.
 */
const sectionClass = 'border-t border-slate-200 dark:border-slate-800';
const sectionSummaryClass =
  'cursor-pointer px-3 py-2 text-sm font-semibold hover:bg-slate-50 dark:hover:bg-slate-800';

export function ServerRequestsPanel({ onClose }: { onClose: () => void }) {
  const { serverRequests } = useServices();
  const count = useStore(serverRequests.queue, (s) => s.pending.length);
  const rootCount = useStore(serverRequests.roots, (s) => s.roots.length);
  const titleId = useId();
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="fixed right-4 bottom-4 z-40 flex max-h-[calc(100vh-9rem)] w-[30rem] max-w-[calc(100vw-2rem)] flex-col rounded-xl border border-slate-300 bg-white text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <h2 id={titleId} className="text-sm font-semibold">
          Server requests
        </h2>
        <span className="text-xs text-slate-500">{count === 0 ? 'none waiting' : `${count} waiting`}</span>
        <button
          type="button"
          aria-label="Close server requests"
          onClick={onClose}
          className="ml-auto rounded px-2 py-0.5 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          ✕
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="p-3">
          <PendingRequests />
        </div>
        <Disclosure
          className={sectionClass}
          summaryClassName={sectionSummaryClass}
          summary={`Roots (${rootCount})`}
        >
          <div className="px-3 pb-3">
            <RootsEditor />
          </div>
        </Disclosure>
        <Disclosure
          className={sectionClass}
          summaryClassName={sectionSummaryClass}
          summary="Client capabilities"
        >
          <div className="px-3 pb-3">
            <CapabilityToggles />
          </div>
        </Disclosure>
      </div>
    </section>
  );
}
