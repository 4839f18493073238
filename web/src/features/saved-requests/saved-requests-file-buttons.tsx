import { useRef, useState, type ChangeEvent } from 'react';
import { useServices } from '../../services.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';

/** Export every saved request as one JSON file, or import such a file (adding, never replacing). */
export function SavedRequestsFileButtons() {
  const { savedRequests } = useServices();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();

  const exportAll = () => {
    saveFile(savedRequests.exportFile(), 'toolscope-saved-requests.json', 'application/json');
  };

  const importChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // Choosing the same file again must fire change again.
    if (!chosen) return;
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
      <button type="button" className={compactButtonClass} onClick={() => fileInput.current?.click()}>
        Import saved
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        aria-label="Saved requests file"
        className="hidden"
        onChange={(e) => void importChosen(e)}
      />
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
