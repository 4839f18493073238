import type { ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { externalHref } from '../result/content/safe-links.ts';
import { ElicitationAnswerButtons } from './elicitation-answer-buttons.tsx';

/**
 * A URL-mode elicitation: the server wants the user to visit a page (sign in, pay, consent).
 * The full URL and its host are shown so the user can judge it; Toolscope never opens it by
 * itself, and only http(s) becomes a link. Accept only tells the server the user agreed to go.
 */
export function ElicitationUrlView({
  params,
  onAnswer,
}: {
  params: ElicitRequestURLParams;
  onAnswer: (result: ElicitResult) => void;
}) {
  const href = externalHref(params.url);
  const host = href ? new URL(href).host : undefined;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="break-words whitespace-pre-wrap">{params.message}</p>
      <div className="rounded-md border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The server asks you to open this page yourself{host ? ' on ' : ''}
          {host && <strong className="font-semibold text-slate-900 dark:text-slate-100">{host}</strong>}:
        </p>
        <p className="my-1 font-mono text-xs break-all">{params.url}</p>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-indigo-700 underline dark:text-indigo-400"
          >
            Open {host} in a new tab
          </a>
        ) : (
          <p className="text-xs text-red-700 dark:text-red-400">
            Not an http(s) address: it is not offered as a link.
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">Elicitation id: {params.elicitationId}</p>
      </div>
      <div className="flex justify-end gap-2">
        <ElicitationAnswerButtons onAnswer={onAnswer} onAccept={() => onAnswer({ action: 'accept' })} />
      </div>
    </div>
  );
}
