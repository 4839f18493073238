import { useState, type FormEvent } from 'react';
import { storeToken } from './bridge-access.ts';

/**
 * Full-page message when the app cannot start (bridge unreachable, token refused); can take a token.
 * `calm` is for what is no fault (a link opened without the token): the normal look, no red.
 */
export function BootError({
  message,
  askToken = false,
  title = 'Toolscope cannot start',
  calm = false,
}: {
  message: string;
  askToken?: boolean;
  title?: string;
  calm?: boolean;
}) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    storeToken(token.trim());
    window.location.reload();
  };
  return (
    <main
      className={`mx-auto mt-24 max-w-lg rounded-lg border bg-white p-6 shadow dark:bg-slate-900 ${
        calm ? 'border-slate-200 dark:border-slate-700' : 'border-red-300 dark:border-red-800'
      }`}
    >
      <h1 className="mb-2 text-lg font-semibold">{title}</h1>
      {calm ? (
        <p className="text-sm">{message}</p>
      ) : (
        <p role="alert" className="text-sm">
          {message}
        </p>
      )}
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
