import { useState, type FormEvent } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { inputClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { DeprecatedMark } from '../../ui/deprecated-mark.tsx';
import { deprecationUnder } from '#client/era/modern-rules.ts';

/** The roots answered to roots/list; each edit tells a connected server through roots/list_changed. */
export function RootsEditor() {
  const { serverRequests, session } = useServices();
  const roots = useStore(serverRequests.roots, (s) => s.roots);
  const deprecated = useStore(session.state, (s) => deprecationUnder(s.server?.era, 'roots'));
  const [uri, setUri] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const refused = serverRequests.roots.add(uri, name);
    setProblem(refused);
    if (!refused) {
      setUri('');
      setName('');
    }
  };
  return (
    <div className="flex flex-col gap-2 text-sm">
      {deprecated && (
        <p className="text-xs">
          <DeprecatedMark reason={deprecated} /> {deprecated}
        </p>
      )}
      {roots.length === 0 ? (
        <p className="text-xs text-slate-500">No roots: servers that ask get an empty list.</p>
      ) : (
        <ul aria-label="Roots" className="flex flex-col gap-1">
          {roots.map((root) => (
            <li key={root.uri} className="flex items-center gap-2">
              <span className="min-w-0 flex-1">
                {root.name && <span className="mr-2 font-semibold">{root.name}</span>}
                <span className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                  {root.uri}
                </span>
              </span>
              <button
                type="button"
                aria-label={`Remove root ${root.name ?? root.uri}`}
                className="rounded px-1.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700 dark:hover:bg-slate-800"
                onClick={() => serverRequests.roots.remove(root.uri)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex flex-col gap-1.5">
        <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-1.5">
          <input
            aria-label="Root URI"
            className={`${inputClass} font-mono text-xs`}
            placeholder="file:///home/me/project"
            value={uri}
            aria-invalid={problem !== undefined}
            onChange={(e) => setUri(e.target.value)}
          />
          <input
            aria-label="Root name"
            className={inputClass}
            placeholder="Name (optional)"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex items-center gap-2">
          {problem && (
            <span role="alert" className="text-xs text-red-600 dark:text-red-400">
              {problem}
            </span>
          )}
          <button type="submit" className={`${secondaryButtonClass} ml-auto`} disabled={!uri.trim()}>
            Add root
          </button>
        </div>
      </form>
    </div>
  );
}
