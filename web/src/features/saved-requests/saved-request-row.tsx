import { useState } from 'react';
import { useServices } from '../../services.ts';
import type { SavedRequest } from './saved-request.ts';
import { inputClass, linkButtonClass } from '../../ui/field-classes.ts';
import { editCall, runSaved } from '../../calls/call-paths.ts';

/** One saved request: run it (through the approval flow), load it into the editor, rename, delete. */
export function SavedRequestRow({ request }: { request: SavedRequest }) {
  const { savedRequests, runner, workspace, session, replay } = useServices();
  const [renaming, setRenaming] = useState(false);
  const [draftName, setDraftName] = useState(request.name);
  const [problem, setProblem] = useState<string>();

  // The tool is looked up on the server connected now: the saved one may differ.
  const run = () => {
    const started = runSaved(runner, workspace, session.state.get().tools, request);
    setProblem('problem' in started ? started.problem : undefined);
  };
  const load = () => {
    setProblem(editCall(workspace, session.state.get().tools, { ...request, ...request.call }));
  };

  return (
    <li
      aria-label={request.name}
      className="border-b border-slate-100 px-3 py-1.5 text-xs dark:border-slate-800"
    >
      {renaming ? (
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            savedRequests.rename(request.id, draftName);
            setRenaming(false);
          }}
        >
          <input
            aria-label="New name"
            className={inputClass}
            value={draftName}
            autoFocus
            onChange={(e) => setDraftName(e.target.value)}
          />
          <button type="submit" className={linkButtonClass}>
            Done
          </button>
        </form>
      ) : (
        <div className="flex items-center gap-2">
          <span className="truncate text-sm font-medium">{request.name}</span>
          <span className="font-mono text-slate-500">{request.tool}</span>
          <span className="ml-auto truncate text-slate-400" title={request.server}>
            {request.server}
          </span>
        </div>
      )}
      {!replay && (
        <div className="mt-0.5 flex gap-3">
          <button type="button" className={linkButtonClass} onClick={run}>
            Run
          </button>
          <button type="button" className={linkButtonClass} onClick={load}>
            Load
          </button>
          <button type="button" className={linkButtonClass} onClick={() => setRenaming(true)}>
            Rename
          </button>
          <button type="button" className={linkButtonClass} onClick={() => savedRequests.remove(request.id)}>
            Delete
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-amber-700 dark:text-amber-400">
          {problem}
        </p>
      )}
    </li>
  );
}
