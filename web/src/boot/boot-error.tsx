import { useState, type FormEvent } from 'react';
import { storeToken } from './bridge-access.ts';

/** Full-page message when the app cannot start (no token, bridge unreachable); can take a token. */
export function BootError({
  message,
  askToken = false,
  title = 'Toolscope cannot start',
}: {
  message: string;
  askToken?: boolean;
  title?: string;
}) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    storeToken(token.trim());
    window.location.reload();
  };
  return (
    <main className="mx-auto mt-24 max-w-lg rounded-lg border border-red-300 bg-white p-6 shadow dark:border-red-800 dark:bg-slate-900">
      <h1 className="mb-2 text-lg font-semibold">{title}</h1>
      <p role="alert" className="text-sm">
        {message}
      </p>
      {askToken && (
        <form onSubmit={submit} className="mt-4 flex gap-2">
          <input
            aria-label="Access token"
            className="flex-1 rounded-md border border-slate-300 px-2 py-1 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
          <button className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white">Open</button>
        </form>
      )}
    </main>
  );
}
