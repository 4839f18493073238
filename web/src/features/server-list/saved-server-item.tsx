import { useState } from 'react';
import type { NamedTarget } from '#shared/server-config.ts';
import { describeTarget, TRANSPORT_LABELS } from '#shared/targets.ts';
import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';
import type { ServerListStore } from './server-list-store.ts';

/** One saved server: load it into the form, rename it or delete it. */
export function SavedServerItem({
  server,
  store,
  canLoad,
  onLoad,
}: {
  server: NamedTarget;
  store: ServerListStore;
  /** False while connected: the form is locked then, so loading would show one thing and run another. */
  canLoad: boolean;
  onLoad: (server: NamedTarget) => void;
}) {
  const { name, target } = server;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [problem, setProblem] = useState<string | undefined>();
  const finishRename = () => {
    const error = store.rename(name, draft);
    setProblem(error);
    if (!error) setEditing(false);
  };

  return (
    <li className="flex flex-wrap items-center gap-2 py-1.5 text-sm">
      {editing ? (
        <input
          className={`${inputClass} w-40`}
          aria-label={`New name for ${name}`}
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              finishRename();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              setEditing(false);
            }
          }}
        />
      ) : (
        <span className="font-medium">{name}</span>
      )}
      <span className="text-xs text-slate-500">{TRANSPORT_LABELS[target.transport]}</span>
      <span className="min-w-0 flex-1 truncate font-mono text-xs" title={describeTarget(target)}>
        {describeTarget(target)}
      </span>
      <button
        type="button"
        className={compactButtonClass}
        disabled={!canLoad}
        aria-label={`Load ${name}`}
        onClick={() => onLoad(server)}
      >
        Load
      </button>
      <button
        type="button"
        className={compactButtonClass}
        aria-label={editing ? `Save name of ${name}` : `Rename ${name}`}
        onClick={() => (editing ? finishRename() : (setDraft(name), setEditing(true)))}
      >
        {editing ? 'Save name' : 'Rename'}
      </button>
      <button
        type="button"
        className={compactButtonClass}
        aria-label={`Delete ${name}`}
        onClick={() => store.remove(name)}
      >
        Delete
      </button>
      {problem && (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </li>
  );
}
