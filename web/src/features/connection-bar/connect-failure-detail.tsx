import type { ConnectFailure } from '../../mcp/connect-failure.ts';

/** "Why?" beside a failed connect: what the error's kind means, and its data as the server sent it. */
export function ConnectFailureDetail({ detail }: { detail: ConnectFailure }) {
  if (!detail.explanation && detail.data === undefined) return null;
  return (
    <details className="relative shrink-0 text-xs">
      <summary className="cursor-pointer text-indigo-600 dark:text-indigo-400">Why?</summary>
      <div
        role="note"
        aria-label="Connection error"
        className="absolute right-0 z-20 mt-1 w-[28rem] max-w-[80vw] rounded border border-red-200 bg-white p-2 shadow-lg dark:border-red-900 dark:bg-slate-900"
      >
        <p className="font-mono">{detail.headline}</p>
        {detail.explanation && <p className="mt-1">{detail.explanation}</p>}
        {detail.data !== undefined && (
          <pre className="mt-1 max-h-40 overflow-auto font-mono break-all whitespace-pre-wrap">
            {JSON.stringify(detail.data, null, 2)}
          </pre>
        )}
      </div>
    </details>
  );
}
