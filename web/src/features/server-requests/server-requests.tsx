import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { ServerRequestsPanel } from './server-requests-panel.tsx';

/**
 * The header button with the count of waiting requests, and the panel it opens. A new request
 * opens the panel by itself (without taking focus); closing it hides the requests seen so far.
 */
export function ServerRequests() {
  const { serverRequests } = useServices();
  const count = useStore(serverRequests.queue, (s) => s.pending.length);
  const newestId = useStore(serverRequests.queue, (s) => s.pending.at(-1)?.id ?? 0);
  const [openedByUser, setOpenedByUser] = useState(false);
  const [dismissedThrough, setDismissedThrough] = useState(0);
  const open = openedByUser || newestId > dismissedThrough;

  const close = () => {
    setOpenedByUser(false);
    setDismissedThrough(newestId);
  };
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        className={compactButtonClass}
        onClick={() => (open ? close() : setOpenedByUser(true))}
      >
        Server requests
        <span
          aria-live="polite"
          className={`min-w-5 rounded-full px-1.5 text-center text-xs font-semibold ${
            count
              ? 'bg-amber-500 text-white'
              : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'
          }`}
        >
          {count}
          <span className="sr-only"> waiting</span>
        </span>
      </button>
      {open && <ServerRequestsPanel onClose={close} />}
    </>
  );
}
