/** Full-page message when the app cannot start (no token, bridge unreachable). */
export function BootError({ message }: { message: string }) {
  return (
    <main className="mx-auto mt-24 max-w-lg rounded-lg border border-red-300 bg-white p-6 shadow dark:border-red-800 dark:bg-slate-900">
      <h1 className="mb-2 text-lg font-semibold">Toolscope cannot start</h1>
      <p role="alert" className="text-sm">
        {message}
      </p>
    </main>
  );
}
