import { useState } from 'react';
import type { AdminConnection, AdminRecording, AdminUser } from '#shared/hosted-admin.ts';
import { TRANSPORT_LABELS } from '#shared/targets.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { formatBytes, formatSince } from './admin-format.ts';
import { AdminTable, Badge, Cell } from './admin-table.tsx';

const dangerButtonClass = `${compactButtonClass} border-red-400 text-red-700 dark:border-red-800 dark:text-red-400`;

/** Everyone the bridge knows of: how they sign in, and what they hold now. */
export function UsersTable({ users }: { users: AdminUser[] }) {
  return (
    <AdminTable title="Users" columns={['Name', 'Signs in with', 'Pages', 'Connections', 'Recordings']}>
      {users.map((user) => (
        <tr key={user.name}>
          <Cell>
            <span className="font-medium">{user.name}</span>{' '}
            {user.admin && <Badge tone="indigo">Admin</Badge>}
          </Cell>
          <Cell>
            {user.tokens > 0 ? `${user.tokens} token${user.tokens === 1 ? '' : 's'}` : 'the SSO header'}
          </Cell>
          <Cell>{user.pages}</Cell>
          <Cell>{user.connections}</Cell>
          <Cell>
            {user.recordings} · {formatBytes(user.recordingBytes)}
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Every open connection of this process, each with a way to end it. */
export function ConnectionsTable({
  connections,
  onEnd,
}: {
  connections: AdminConnection[];
  onEnd: (id: string) => void;
}) {
  return (
    <AdminTable
      title="Open connections"
      columns={['User', 'Server', 'Open for', 'To server', 'From server', '']}
      empty="No open connections on this process."
    >
      {connections.map((connection) => (
        <tr key={connection.id}>
          <Cell>{connection.user}</Cell>
          <Cell title={TRANSPORT_LABELS[connection.transport]}>
            {connection.server}
            {!connection.catalog && <span className="ml-1 text-xs text-slate-500">(own URL)</span>}
          </Cell>
          <Cell title={new Date(connection.since).toLocaleString()}>{formatSince(connection.since)}</Cell>
          <Cell>{formatBytes(connection.bytesToServer)}</Cell>
          <Cell>{formatBytes(connection.bytesFromServer)}</Cell>
          <Cell>
            <span className="flex justify-end">
              <button type="button" className={dangerButtonClass} onClick={() => onEnd(connection.id)}>
                End connection
              </button>
            </span>
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Every recording in the store, with its owner and size, to unshare or delete. */
export function RecordingsTable({
  recordings,
  onUnshare,
  onDelete,
}: {
  recordings: AdminRecording[];
  onUnshare: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  return (
    <AdminTable
      title="Recordings"
      label="All recordings"
      columns={['Name', 'Owner', 'Started', 'Size', 'Calls', '']}
      empty="No recordings in the store."
    >
      {recordings.map((recording) => (
        <RecordingRow key={recording.id} recording={recording} onUnshare={onUnshare} onDelete={onDelete} />
      ))}
    </AdminTable>
  );
}

function RecordingRow({
  recording,
  onUnshare,
  onDelete,
}: {
  recording: AdminRecording;
  onUnshare: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <tr>
      <Cell title={recording.name}>
        <span className="inline-block max-w-64 truncate align-middle">{recording.name}</span>{' '}
        {recording.live && <Badge tone="emerald">Live</Badge>}
        {recording.shared && <Badge tone="sky">Shared</Badge>}
      </Cell>
      <Cell>{recording.user ?? <span className="text-slate-500">nobody signed in</span>}</Cell>
      <Cell>{new Date(recording.startedAt).toLocaleString()}</Cell>
      <Cell title={`${recording.frameCount} frames`}>{formatBytes(recording.bytes)}</Cell>
      <Cell>{recording.calls}</Cell>
      <Cell>
        <span className="flex justify-end gap-1.5">
          {recording.shared && (
            <button type="button" className={compactButtonClass} onClick={() => onUnshare(recording.id)}>
              Stop sharing
            </button>
          )}
          {confirming ? (
            <>
              <button type="button" className={dangerButtonClass} onClick={() => onDelete(recording.id)}>
                Delete for good
              </button>
              <button type="button" className={compactButtonClass} onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className={compactButtonClass} onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </span>
      </Cell>
    </tr>
  );
}
