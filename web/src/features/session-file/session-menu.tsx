import { useRef, useState } from 'react';
import { useServices } from '../../services.ts';
import { useReplayControls } from '../../replay/replay-services.ts';
import { parseSessionFile } from '../../replay/session-file.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { ImportButton } from '../../ui/import-button.tsx';
import { ExportSessionDialog } from './export-session-dialog.tsx';

/**
 * Export the session as one JSON file (a dialog: secrets left out unless asked), or import one as a replay.
 * The dialog and an import's error are `visible` and fixed: the buttons may sit in a menu hidden by visibility.
 */
export function SessionMenu() {
  const services = useServices();
  const { open } = useReplayControls();
  const exportRef = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string>();

  const importSession = async (chosen: File) => {
    const parsed = parseSessionFile(await chosen.text());
    if ('error' in parsed) {
      setError(`${chosen.name}: ${parsed.error}`);
      return;
    }
    setError(undefined);
    open(parsed, chosen.name);
  };

  return (
    <div className="flex flex-col items-stretch gap-2 text-xs">
      <button
        type="button"
        className={compactButtonClass}
        aria-haspopup="dialog"
        onClick={() => exportRef.current?.showModal()}
      >
        Export session
      </button>
      <ExportSessionDialog dialogRef={exportRef} />
      {!services.replay?.shared && (
        <ImportButton fileLabel="Session file" onFile={importSession}>
          Import session
        </ImportButton>
      )}
      {error && (
        <div
          role="alert"
          className="visible fixed top-12 right-4 z-40 flex max-w-md items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-xs text-red-900 shadow-lg dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <span className="min-w-0 break-words">{error}</span>
          <button
            type="button"
            aria-label="Dismiss"
            className="shrink-0 text-base leading-none"
            onClick={() => setError(undefined)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
