import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { KeepWhole } from '../../ui/keep-whole.tsx';
import { ConnectFailureDetail } from './connect-failure-detail.tsx';
import type { ServerTarget } from '#shared/targets.ts';
import { isOtherServer, plainConnectError } from './plain-error.ts';
import { openServerLog } from '../server-log/server-log-opener.ts';

/**
 * Why the last connect failed or the connection ended, in words a person acts on, in the card under the
 * connection controls (so nothing moves); "Hide error" puts it away. "Try again with Auto" when the chosen era was
 * the problem; "Why?" opens the full error in place, below, covering nothing.
 */
export function ConnectError({
  onRetryWithAuto,
  edited,
}: {
  onRetryWithAuto?: () => void;
  /** The server the connection form points at now: an error about another one is stale and not shown. */
  edited?: ServerTarget;
}) {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const error = useStore(session.state, (s) => s.error);
  const lostBridge = useStore(session.state, (s) => s.lostBridge);
  const detail = useStore(session.state, (s) => s.errorDetail);
  const target = useStore(session.state, (s) => s.target);
  // The card floats over the panels' tops, so it can be put away; the next connect's error shows again.
  const [hidden, setHidden] = useState(false);
  const [seenStatus, setSeenStatus] = useState(status);
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status === 'connecting') setHidden(false);
  }
  if (!error || status !== 'disconnected' || hidden) return null;
  if (edited && isOtherServer(edited, target)) return null;
  const plain = plainConnectError(error, detail, target);
  return (
    // One layout for every error, so no error's actions sit where another's message was: the message, then its actions and "Why?" each on their
    // own line, and × alone at the top right.
    <div className="flex w-full items-start gap-3 text-sm">
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
        <span role="alert" className="text-red-700 dark:text-red-400" title={error}>
          <KeepWhole text={plain.text} />
          {lostBridge && ' · reconnecting when it is back…'}
        </span>
        {plain.eraProblem && onRetryWithAuto && (
          <button
            type="button"
            className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={onRetryWithAuto}
          >
            Try again with Auto
          </button>
        )}
        {target?.transport === 'stdio' && (detail?.cause || detail?.stderr) && (
          <button
            type="button"
            className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={openServerLog}
          >
            See its output in the Server log
          </button>
        )}
        <ConnectFailureDetail detail={detail ?? { headline: error }} plain={plain.text} />
      </div>
      <button
        type="button"
        aria-label="Hide error"
        title="Hide (the next connect shows its own error)"
        className="shrink-0 rounded px-1.5 text-base leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-200"
        onClick={() => setHidden(true)}
      >
        ×
      </button>
    </div>
  );
}
