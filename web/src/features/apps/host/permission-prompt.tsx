import { permissionLabel } from '#shared/view-permissions.ts';

/**
 * Asks the user whether a View may use what its resource declares in `_meta.ui.permissions` (camera,
 * microphone…). The View is not loaded until then: a frame's `allow` only applies when it loads.
 */
export function PermissionPrompt({
  requested,
  ignored,
  onAnswer,
}: {
  requested: readonly string[];
  /** Names the extension does not define: never granted, listed so the app's developer sees them. */
  ignored: readonly string[];
  onAnswer: (allow: boolean) => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label="Permissions for the View"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
    >
      <p>This View asks to use (for this connection):</p>
      <ul aria-label="Permissions asked for" className="list-disc pl-5">
        {requested.map((name) => (
          <li key={name}>{permissionLabel(name)}</li>
        ))}
      </ul>
      {ignored.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Not defined by MCP Apps, never granted: {ignored.join(', ')}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded bg-indigo-600 px-2 py-1 text-xs font-semibold text-white"
          onClick={() => onAnswer(true)}
        >
          Allow
        </button>
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700"
          onClick={() => onAnswer(false)}
        >
          Deny
        </button>
      </div>
    </div>
  );
}
