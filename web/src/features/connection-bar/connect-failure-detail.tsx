import type { ConnectFailure } from '#client/session/connect-failure.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

/**
 * "Why?" beside a failed connect: the error as it came (when the plain words replaced it), what its kind means,
 * and its data as the server sent it. It opens in place, in the flow, so it never covers the era picker it may
 * point to.
 */
export function ConnectFailureDetail({ detail, plain }: { detail: ConnectFailure; plain: string }) {
  const reworded = plain !== detail.headline;
  if (!detail.explanation && detail.data === undefined && !reworded) return null;
  return (
    <Disclosure
      className="group w-full text-xs"
      summaryClassName="cursor-pointer text-indigo-600 dark:text-indigo-400"
      summary="Why?"
    >
      <div
        role="note"
        aria-label="Connection error"
        className="mt-1 max-w-[60rem] rounded border border-red-200 bg-white p-2 dark:border-red-900 dark:bg-slate-900"
      >
        <p className="font-mono break-words">{detail.headline}</p>
        {detail.explanation && <p className="mt-1">{detail.explanation}</p>}
        {detail.data !== undefined && (
          <pre className="mt-1 max-h-40 overflow-auto font-mono break-all whitespace-pre-wrap">
            {JSON.stringify(detail.data, null, 2)}
          </pre>
        )}
      </div>
    </Disclosure>
  );
}
