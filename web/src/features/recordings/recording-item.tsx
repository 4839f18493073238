import { useState, type FormEvent } from 'react';
import { MAX_RECORDING_NAME, type RecordingSummary } from '#shared/recordings.ts';
import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';
import { ShareLink } from './share-link.tsx';
import { describeTarget } from '#shared/targets.ts';
import { describeCalls, describeGaps } from './describe-calls.ts';

/** One recording in the Recordings dialog, with its actions. */
export function RecordingItem({
  recording,
  onOpen,
  onSaveBaseline,
  onRename,
  onShare,
  onUnshare,
  onDelete,
}: {
  recording: RecordingSummary;
  onOpen: () => void;
  /** Downloads the recording's tool calls and answers as a baseline for `toolscope check --baseline`. */
  onSaveBaseline: () => void;
  onRename: (name: string) => Promise<void>;
  onShare: () => Promise<void>;
  onUnshare: () => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(recording.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const target = recording.target ? describeTarget(recording.target) : undefined;
  const calls = describeCalls(recording.calls);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    void onRename(name.trim()).then(() => setEditing(false));
  };

  return (
    <li
      aria-label={recording.name}
      className="rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        {editing ? (
          <form onSubmit={submit} className="flex flex-1 items-center gap-2">
            <input
              aria-label="Recording name"
              className={inputClass}
              maxLength={MAX_RECORDING_NAME}
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
            <button className={compactButtonClass}>Save name</button>
            <button type="button" className={compactButtonClass} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <span className="min-w-0 flex-1 truncate font-medium" title={recording.name}>
            {recording.name}
            {/* Named after the server (see name-recording.ts): the command follows in grey. */}
            {target && target !== recording.name && (
              <span className="ml-2 font-mono text-xs font-normal text-slate-500 dark:text-slate-400">
                {target}
              </span>
            )}
          </span>
        )}
        {recording.live && (
          <span className="rounded bg-emerald-100 px-1.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">
            Live
          </span>
        )}
        {recording.gaps && (
          <span
            title={describeGaps(recording.gaps)}
            className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            Interrupted
          </span>
        )}
        {recording.shareId && (
          <span className="rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-800 dark:bg-sky-900 dark:text-sky-200">
            Shared
          </span>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{new Date(recording.startedAt).toLocaleString()}</span>
        <span>{describeLength(recording)}</span>
        <span>{recording.frameCount} frames</span>
        {calls && (
          <span className="min-w-0 truncate text-slate-700 dark:text-slate-300" title={calls}>
            {calls}
          </span>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button type="button" className={compactButtonClass} onClick={onOpen}>
          Open replay
        </button>
        {recording.calls?.count !== 0 && (
          <button
            type="button"
            className={compactButtonClass}
            title="Download its tool calls and their answers as a baseline: toolscope check --baseline <file> makes the same calls and reports every answer that changed"
            onClick={onSaveBaseline}
          >
            Save as baseline
          </button>
        )}
        {!editing && (
          <button
            type="button"
            className={compactButtonClass}
            onClick={() => {
              setName(recording.name);
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
        {recording.shareId ? (
          <button type="button" className={compactButtonClass} onClick={() => void onUnshare()}>
            Stop sharing
          </button>
        ) : (
          <button type="button" className={compactButtonClass} onClick={() => void onShare()}>
            Share
          </button>
        )}
        {confirmDelete ? (
          <>
            <button
              type="button"
              className={`${compactButtonClass} border-red-400 text-red-700 dark:text-red-400`}
              onClick={() => void onDelete()}
            >
              Delete for good
            </button>
            <button type="button" className={compactButtonClass} onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className={compactButtonClass} onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        )}
      </div>
      {recording.shareId && (
        <div className="mt-2">
          <ShareLink shareId={recording.shareId} explain={false} />
        </div>
      )}
    </li>
  );
}

function describeLength(recording: RecordingSummary): string {
  if (recording.endedAt === undefined) return recording.live ? 'recording now' : 'not closed';
  const seconds = Math.max(0, Math.round((recording.endedAt - recording.startedAt) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
}
