import { useState } from 'react';
import { useServices } from '../../services.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';
import { ImportButton } from '../../ui/import-button.tsx';

/** Export every saved request as one JSON file, or import such a file (adding, never replacing). */
export function SavedRequestsFileButtons() {
  const { savedRequests } = useServices();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();

  const exportAll = () => {
    saveFile(savedRequests.exportFile(), 'toolscope-saved-requests.json', 'application/json');
  };

  const importChosen = async (chosen: File) => {
    const outcome = savedRequests.importFile(await chosen.text());
    setMessage(
      'error' in outcome
        ? { text: `${chosen.name}: ${outcome.error}`, error: true }
        : { text: `Imported ${outcome.added}, skipped ${outcome.skipped} already saved.`, error: false },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={compactButtonClass} onClick={exportAll}>
        Export saved
      </button>
      <ImportButton fileLabel="Saved requests file" onFile={importChosen}>
        Import saved
      </ImportButton>
      {message && (
        <span
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'text-red-700 dark:text-red-400' : 'text-slate-500'}
        >
          {message.text}
        </span>
      )}
    </div>
  );
}
