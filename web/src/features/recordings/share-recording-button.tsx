import { useRef, useState } from 'react';
import type { RecordingSummary } from '#shared/recordings.ts';
import { describeTarget } from '#shared/targets.ts';
import { useServices, useRecordingsApi } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { compactButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { LoopbackHelp, ShareLink } from './share-link.tsx';
import { useNameRecordingByServer } from './name-recording.ts';
import { serverName } from '#client/session/server-name.ts';
import { ServerNameText } from '../../ui/server-name-text.tsx';
import { Disclosure } from '../../ui/disclosure.tsx';

/**
 * "Share recording": makes an unguessable link to the bridge's recording of this connection.
 * The link opens a read-only replay, live while the connection runs.
 */
export function ShareRecordingButton({ recordingProblem }: { recordingProblem?: string }) {
  const api = useRecordingsApi();
  const { session } = useServices();
  const recordingId = useStore(session.state, (s) => s.recordingId);
  const serverInfo = useStore(session.state, (s) => s.server?.info);
  useNameRecordingByServer(session, api);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [recording, setRecording] = useState<RecordingSummary>();
  const [error, setError] = useState<string>();
  if (!api) {
    // Recording was meant to be on but failed: say why sharing is missing. --no-record says nothing.
    if (!recordingProblem) return null;
    return (
      <button
        type="button"
        className={compactButtonClass}
        disabled
        title={`Connections are not recorded, so they cannot be shared: ${recordingProblem}`}
      >
        Share recording
      </button>
    );
  }

  const share = async () => {
    if (!recordingId) return;
    setError(undefined);
    dialogRef.current?.showModal();
    try {
      setRecording(await api.share(recordingId));
    } catch (problem) {
      setError((problem as Error).message);
    }
  };
  const stopSharing = async () => {
    if (!recording) return;
    try {
      setRecording(await api.unshare(recording.id));
    } catch (problem) {
      setError((problem as Error).message);
    }
  };

  return (
    <>
      <button
        type="button"
        className={compactButtonClass}
        aria-haspopup="dialog"
        disabled={!recordingId}
        title={
          recordingId
            ? 'Make a read-only link to the recording of this connection: replay, or watch it live'
            : 'Connect first: the bridge records each connection'
        }
        onClick={() => void share()}
      >
        Share recording
      </button>
      <Dialog ref={dialogRef} title="Share recording" className="w-[min(40rem,92vw)]">
        {error && (
          <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {recording?.shareId ? (
          <ShareLink shareId={recording.shareId} />
        ) : (
          !error && (
            <p className="text-sm">{recording ? 'Sharing is off for this recording.' : 'Making a link…'}</p>
          )
        )}
        {recording?.target && (
          <p className="mt-3 text-sm">
            Stored as <ServerNameText name={serverName(serverInfo, describeTarget(recording.target))} />
          </p>
        )}
        {/* The link and one line; the rest for whoever asks. */}
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          A read-only replay of this connection, live while it is open. Secrets are never stored.
        </p>
        <Disclosure
          className="mt-2 text-sm text-slate-600 dark:text-slate-400"
          summaryClassName="cursor-pointer text-indigo-600 dark:text-indigo-400"
          summary="What is shared?"
        >
          <p className="mt-1">
            The link opens a read-only replay of this connection: its trace, calls and results. While the
            connection is open, viewers watch new frames arrive live; they cannot call tools. Environment and
            header values, URL credentials and query values, the values of arguments such as{' '}
            <code>--token</code> and the bridge token are not stored, and the environment and header values
            are replaced by *** wherever the server repeats them. Anything else the server or you sent is in
            the share.
          </p>
          <p className="mt-2">
            There is no “Include secrets” here: the bridge never stores them, so no share can carry them. To
            hand someone the secrets too, use “Export session”.
          </p>
          <LoopbackHelp />
        </Disclosure>
        <div className="mt-4 flex justify-end gap-2">
          {recording?.shareId ? (
            <button type="button" className={secondaryButtonClass} onClick={() => void stopSharing()}>
              Stop sharing
            </button>
          ) : (
            recording && (
              <button type="button" className={secondaryButtonClass} onClick={() => void share()}>
                Share again
              </button>
            )
          )}
        </div>
      </Dialog>
    </>
  );
}
