import { useState } from 'react';
import { useServices, useReplayControls } from '../../services.ts';
import { buildSessionFile, parseSessionFile, serializeSessionFile } from './session-file.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';
import { ImportButton } from '../../ui/import-button.tsx';

/** Export the session as one JSON file (secrets left out unless asked), or import one as a replay. */
export function SessionMenu() {
  const services = useServices();
  const { open } = useReplayControls();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [error, setError] = useState<string>();

  const exportSession = () => {
    const replay = services.replay?.file;
    const state = services.session.state.get();
    const file = buildSessionFile(
      {
        target: state.target,
        server: state.server,
        tools: state.tools,
        frames: services.session.trace.get().frames,
        calls: services.history.get().calls,
        log: state.log,
      },
      // A replay re-exports exactly what was imported.
      replay ? { exportedAt: replay.exportedAt, includeSecrets: !replay.redacted } : { includeSecrets },
    );
    const fileName = `toolscope-session-${file.exportedAt.replace(/[:.]/g, '-')}.json`;
    saveFile(serializeSessionFile(file), fileName, 'application/json');
  };

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
      {!services.replay && (
        <label
          className="flex items-center gap-1 whitespace-nowrap"
          title="Header and environment values are left out unless you tick this"
        >
          <input
            type="checkbox"
            checked={includeSecrets}
            onChange={(e) => setIncludeSecrets(e.target.checked)}
          />
          Include secrets
        </label>
      )}
      <button type="button" className={compactButtonClass} onClick={exportSession}>
        Export session
      </button>
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
