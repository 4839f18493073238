import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { TERMINAL_TASK_STATUSES } from '#client/tasks/task-support.ts';

const STATUS_CLASS: Record<string, string> = {
  working: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  input_required: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** Tasks created by this page or listed by the server: status, poll interval, TTL, cancel. */
export function TasksPanel() {
  const { tasks, history, session } = useServices();
  const list = useStore(tasks, (s) => s.tasks);
  // The 2026-07-28 tasks extension has no tasks/list: a client knows only the tasks it created.
  const modern = useStore(session.state, (s) => s.server?.era === 'modern');
  const [listError, setListError] = useState<string>();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 px-3 py-1.5 text-xs">
        {modern ? (
          <span className="text-slate-500">
            Tasks extension (io.modelcontextprotocol/tasks): polled with tasks/get
          </span>
        ) : (
          <button
            type="button"
            className="text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={() => void tasks.refreshList().then(setListError)}
          >
            List tasks (tasks/list)
          </button>
        )}
        {listError && <span className="truncate text-red-600">{listError}</span>}
      </div>
      {list.length === 0 && (
        <p className="px-3 text-sm text-slate-500">
          No tasks yet. Tools that support tasks offer “Run as task”.
        </p>
      )}
      <ol aria-label="Tasks" className="min-h-0 flex-1 overflow-y-auto">
        {[...list].reverse().map(({ info, tool, callId, error }) => (
          <li
            key={info.taskId}
            className="border-b border-slate-100 px-3 py-1.5 text-xs dark:border-slate-800"
          >
            <div className="flex items-center gap-2">
              <span className="font-mono text-sm">{tool ?? 'task'}</span>
              <span
                className={`rounded px-1.5 py-0.5 font-semibold ${STATUS_CLASS[info.status] ?? STATUS_CLASS.cancelled}`}
              >
                {info.status}
              </span>
              <span className="truncate font-mono text-slate-400" title={info.taskId}>
                {info.taskId}
              </span>
            </div>
            {info.statusMessage && <p className="text-slate-600 dark:text-slate-300">{info.statusMessage}</p>}
            <div className="flex gap-3 text-slate-500">
              <span>poll {info.pollInterval ?? '–'} ms</span>
              <span>
                ttl{' '}
                {info.ttl === null
                  ? 'unlimited'
                  : info.ttl === undefined
                    ? '–'
                    : `${Math.round(info.ttl / 1000)} s`}
              </span>
              {callId !== undefined && (
                <button
                  type="button"
                  className="text-indigo-600 hover:underline"
                  onClick={() => history.select(callId)}
                >
                  Show result
                </button>
              )}
              {!TERMINAL_TASK_STATUSES.has(info.status) && (
                <button
                  type="button"
                  className="text-indigo-600 hover:underline"
                  onClick={() => void tasks.cancel(info.taskId)}
                >
                  Cancel task
                </button>
              )}
            </div>
            {error && <p className="text-red-600">{error}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
