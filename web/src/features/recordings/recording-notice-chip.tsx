import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { currentRecordingNotice } from './recording-notice.ts';

/**
 * Beside "Share recording": says when the bridge cannot write this connection's recording ("Recording
 * paused: the recordings store does not answer…", amber) or had to leave part of it out
 * ("Recording interrupted: …"). The whole message is its tooltip and stays in the server log.
 */
export function RecordingNoticeChip() {
  const { session } = useServices();
  const notice = useStore(session.state, (s) => currentRecordingNotice(s.log));
  if (!notice) return null;
  return (
    <p
      role="status"
      title={notice.message}
      className="mb-0.5 flex max-w-md shrink items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <span aria-hidden className="mt-1 h-2 w-2 shrink-0 rounded-full bg-amber-500" />
      <span className="line-clamp-2">{notice.message}</span>
    </p>
  );
}
