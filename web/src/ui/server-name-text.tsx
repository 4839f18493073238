import type { ServerName } from '#client/session/server-name.ts';

/**
 * A server's name as the page shows it: the label, then the command or URL in grey (on a line of its own with
 * `stacked`), whole in its tooltip.
 */
export function ServerNameText({ name, stacked = false }: { name: ServerName; stacked?: boolean }) {
  return (
    <span className={stacked ? 'block min-w-0' : 'min-w-0'} title={name.detail ?? name.label}>
      <span className="font-medium">{name.label}</span>
      {name.detail && (
        <span
          className={`truncate font-mono text-xs text-slate-500 dark:text-slate-400 ${stacked ? 'block' : 'ml-2'}`}
        >
          {name.detail}
        </span>
      )}
    </span>
  );
}
