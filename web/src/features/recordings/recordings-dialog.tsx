import { useRef, useState } from 'react';
import type { RecordingListResponse, RecordingSummary } from '#shared/recordings.ts';
import { MAX_RETENTION_DAYS } from '#shared/recordings.ts';
import { useRecordingsApi } from '../../services.ts';
import { useReplayControls } from '../../replay/replay-services.ts';
import { recordingToSessionFile } from './recording-file.ts';
import { baselineFileName, baselineFromRecording } from './recording-baseline.ts';
import { saveFile } from '../../lib/save-file.ts';
import { formatBaselineFile } from '#shared/baseline-file.ts';
import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { RecordingItem } from './recording-item.tsx';
import { useHosted } from '../hosted/hosted-context.ts';

/**
 * "Recordings": every connection the bridge recorded, newest first, to open as a replay, rename,
 * share or delete, and how long ended ones are kept (set here on a single-user bridge; in hosted
 * mode it is the admin's, shown but not offered, and the store's location is not shown).
 */
export function RecordingsButton() {
  const api = useRecordingsApi();
  const hosted = useHosted();
  const { open } = useReplayControls();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [list, setList] = useState<RecordingListResponse>();
  const [error, setError] = useState<string>();
  const [days, setDays] = useState('');
  const [saved, setSaved] = useState(false);
  if (!api) return null;

  /** Runs a request; shows its error instead of throwing. */
  const attempt = async (action: () => Promise<void>) => {
    setError(undefined);
    try {
      await action();
    } catch (problem) {
      setError((problem as Error).message);
    }
  };
  const refresh = () =>
    attempt(async () => {
      const next = await api.list();
      setList(next);
      setDays(String(next.retentionDays));
    });
  const replace = (updated: RecordingSummary) =>
    setList(
      (current) =>
        current && {
          ...current,
          recordings: current.recordings.map((item) => (item.id === updated.id ? updated : item)),
        },
    );
  const openReplay = (recording: RecordingSummary) =>
    attempt(async () => {
      const snapshot = await api.get(recording.id);
      open(recordingToSessionFile(snapshot), snapshot.recording.name);
      dialogRef.current?.close();
    });
  const saveBaseline = (recording: RecordingSummary) =>
    attempt(async () => {
      const baseline = baselineFromRecording(await api.get(recording.id));
      if (!baseline)
        throw new Error(`"${recording.name}" holds no answered tool call to keep as a baseline.`);
      saveFile(formatBaselineFile(baseline), baselineFileName(recording.name), 'application/json');
    });
  const saveRetention = () =>
    attempt(async () => {
      const value = Number(days);
      const result = await api.setRetentionDays(value);
      setDays(String(result.retentionDays));
      setSaved(true);
      await refresh();
    });

  return (
    <>
      <button
        type="button"
        className={compactButtonClass}
        aria-haspopup="dialog"
        onClick={() => {
          setSaved(false);
          dialogRef.current?.showModal();
          void refresh();
        }}
      >
        Recordings
      </button>
      <Dialog
        ref={dialogRef}
        title="Recordings"
        className="w-[min(52rem,94vw)]"
        titleExtras={
          <button type="button" className={compactButtonClass} onClick={() => void refresh()}>
            Refresh
          </button>
        }
      >
        {error && (
          <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {list && list.recordings.length === 0 && (
          <p className="text-sm text-slate-500">
            No recordings yet: each connection is recorded from now on.
          </p>
        )}
        <ul aria-label="Recordings" className="flex max-h-[55vh] flex-col gap-2 overflow-auto">
          {list?.recordings.map((recording) => (
            <RecordingItem
              key={recording.id}
              recording={recording}
              onOpen={() => void openReplay(recording)}
              onSaveBaseline={() => void saveBaseline(recording)}
              onRename={(name) => attempt(async () => replace(await api.rename(recording.id, name)))}
              onShare={() => attempt(async () => replace(await api.share(recording.id)))}
              onUnshare={() => attempt(async () => replace(await api.unshare(recording.id)))}
              onDelete={() =>
                attempt(async () => {
                  await api.delete(recording.id);
                  await refresh();
                })
              }
            />
          ))}
        </ul>
        {hosted ? (
          <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {hosted.info.retentionDays === 0
              ? 'Ended recordings are kept until you delete them'
              : `Ended recordings are deleted after ${hosted.info.retentionDays} days`}{' '}
            (set by the admin of this Toolscope).
          </p>
        ) : (
          <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
            <label className="flex items-center gap-2 whitespace-nowrap">
              Delete ended recordings after
              <input
                type="number"
                min={0}
                max={MAX_RETENTION_DAYS}
                aria-label="Days to keep recordings"
                className={`${inputClass.replace('w-full ', '')} w-20`}
                value={days}
                onChange={(e) => {
                  setDays(e.target.value);
                  setSaved(false);
                }}
              />
              days
            </label>
            <button type="button" className={compactButtonClass} onClick={() => void saveRetention()}>
              Save
            </button>
            {saved && <span role="status">Saved</span>}
            <span className="text-xs text-slate-500">0 keeps them forever.</span>
            {list && (
              <span className="ml-auto truncate font-mono text-xs text-slate-500" title={list.file}>
                {list.file}
              </span>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
