import { useRef, useState } from 'react';
import type { AdminStore } from '#shared/hosted-admin.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { useStore } from '../../ui/use-store.ts';
import { adminApi } from './admin-api.ts';
import { describeReload, formatBytes } from './admin-format.ts';
import { ConnectionsTable, RecordingsTable, UsersTable } from './admin-sections.tsx';
import { AdminState } from './admin-state.ts';

/**
 * "Admin" (for the users named in `auth.admins`): every user, every open connection of this
 * process (server, since, traffic) with "End connection", every recording in the store with its
 * owner and size ("Stop sharing", "Delete"), the store's size, and "Reload config".
 */
export function AdminButton() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [state] = useState(() => new AdminState(adminApi));
  const { overview, error, reload, loading } = useStore(state, (s) => s);
  return (
    <>
      <button
        type="button"
        className={compactButtonClass}
        aria-haspopup="dialog"
        onClick={() => {
          dialogRef.current?.showModal();
          void state.refresh();
        }}
      >
        Admin
      </button>
      <Dialog
        ref={dialogRef}
        title="Admin"
        className="w-[min(68rem,96vw)]"
        titleExtras={
          <span className="flex items-center gap-2">
            <button type="button" className={compactButtonClass} onClick={() => void state.refresh()}>
              Refresh
            </button>
            <button type="button" className={compactButtonClass} onClick={() => void state.reloadConfig()}>
              Reload config
            </button>
            {loading && <span className="text-xs text-slate-500">Loading…</span>}
          </span>
        }
      >
        {error && (
          <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {reload && (
          <p
            role="status"
            className={`mb-3 rounded-md px-3 py-2 text-sm ${
              reload.ok
                ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300'
            }`}
          >
            {describeReload(reload)}
          </p>
        )}
        {overview && (
          <div className="max-h-[68vh] overflow-auto pr-1">
            <StoreLine store={overview.store} />
            <UsersTable users={overview.users} />
            <ConnectionsTable
              connections={overview.connections}
              onEnd={(id) => void state.endConnection(id)}
            />
            <RecordingsTable
              recordings={overview.recordings}
              onUnshare={(id) => void state.unshareRecording(id)}
              onDelete={(id) => void state.deleteRecording(id)}
            />
          </div>
        )}
      </Dialog>
    </>
  );
}

/** The store in one line: where, how much, how long ended recordings are kept. */
function StoreLine({ store }: { store: AdminStore | undefined }) {
  if (!store)
    return <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">This bridge records nothing.</p>;
  const kept =
    store.retentionDays === 0 ? 'kept until deleted' : `kept ${store.retentionDays} days after they end`;
  return (
    <p aria-label="Store" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
      <span className="font-medium text-slate-900 dark:text-slate-100">
        Store: {store.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}
      </span>{' '}
      <span className="font-mono text-xs">{store.location}</span> · {store.recordings} recording
      {store.recordings === 1 ? '' : 's'}, {formatBytes(store.recordedBytes)} of frames
      {store.fileBytes !== undefined && `, ${formatBytes(store.fileBytes)} on disk`} · {kept}
    </p>
  );
}
