import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import { RequestCard, requestTitle } from './request-card.tsx';

/** The queue: a picker when several wait, and the chosen (else the oldest) request to answer. */
export function PendingRequests() {
  const { serverRequests } = useServices();
  const pending = useStore(serverRequests.queue, (s) => s.pending);
  const [chosenId, setChosenId] = useState<number>();
  const current = pending.find((request) => request.id === chosenId) ?? pending[0];

  if (!current) {
    return (
      <p className="text-sm text-slate-500">
        No requests waiting. When the server asks for sampling or elicitation, the request appears here to
        answer.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {pending.length > 1 && (
        <ul aria-label="Pending requests" className="flex flex-wrap gap-1">
          {pending.map((request, index) => (
            <li key={request.id}>
              <button
                type="button"
                aria-current={request === current}
                onClick={() => setChosenId(request.id)}
                className={`rounded-full border px-2 py-0.5 text-xs ${
                  request === current
                    ? 'border-indigo-500 bg-indigo-50 font-semibold dark:bg-indigo-950'
                    : 'border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800'
                }`}
              >
                {index + 1}. {requestTitle(request)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorBoundary label="This request" resetKey={current.id}>
        <RequestCard key={current.id} request={current} />
      </ErrorBoundary>
    </div>
  );
}
