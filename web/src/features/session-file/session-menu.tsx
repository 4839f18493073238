import { useRef, useState } from 'react';
import { useServices, useReplayControls } from '../../services.ts';
import { parseSessionFile } from './session-file.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { ImportButton } from '../../ui/import-button.tsx';
import { ExportSessionDialog } from './export-session-dialog.tsx';

/** Export the session as one JSON file (a dialog: secrets left out unless asked), or import one as a replay. */
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
    <div className="flex items-center gap-2 text-xs">
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
        <span role="alert" className="max-w-80 truncate text-red-600 dark:text-red-400" title={error}>
          {error}
        </span>
      )}
    </div>
  );
}
