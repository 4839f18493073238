import { useState, type RefObject } from 'react';
import { useServices } from '../../services.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { primaryButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';
import { buildSessionFile, serializeSessionFile } from '../../replay/session-file.ts';
import { chatSnapshotOf } from '../chat/use-conversation.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/**
 * "Export session": saves the session as one JSON file. The choice to include secrets lives here, beside the one
 * action it changes, and starts unticked on every export.
 */
export function ExportSessionDialog({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const services = useServices();
  const replay = services.replay?.file;
  const [includeSecrets, setIncludeSecrets] = useState(false);

  const exportSession = () => {
    const state = services.session.state.get();
    const file = buildSessionFile(
      {
        target: state.target,
        server: state.server,
        tools: state.tools,
        frames: services.session.trace.get().frames,
        calls: services.history.get().calls,
        log: state.log,
        chat: replay ? replay.chat : chatSnapshotOf(services.runner),
      },
      // A replay re-exports exactly what was imported.
      replay ? { exportedAt: replay.exportedAt, includeSecrets: !replay.redacted } : { includeSecrets },
    );
    const fileName = `toolscope-session-${file.exportedAt.replace(/[:.]/g, '-')}.json`;
    saveFile(serializeSessionFile(file), fileName, 'application/json');
    dialogRef.current?.close();
  };

  return (
    <Dialog
      ref={dialogRef}
      title="Export session"
      // visible: it may be opened from a closed (visibility: hidden) menu, and must show all the same.
      className="visible w-[min(34rem,92vw)]"
      onClose={() => setIncludeSecrets(false)}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        One JSON file with the connection, the trace, the calls and their results, and the server log. Import
        it with “Import session” to look at it again as a read-only replay.
      </p>
      {replay ? (
        <p className="mt-3 text-sm">
          This replay is saved as it was imported ({replay.redacted ? 'secrets left out' : 'secrets included'}
          ).
        </p>
      ) : (
        <CheckboxField
          className="mt-3 text-sm"
          checked={includeSecrets}
          onChange={(e) => setIncludeSecrets(e.target.checked)}
          label="Include secrets"
          hint="Header and environment values of the connection. Left out unless you tick this."
        />
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" className={primaryButtonClass} onClick={exportSession}>
          Save file
        </button>
      </div>
    </Dialog>
  );
}
