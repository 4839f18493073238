import { useCallback, useMemo, useRef, useState } from 'react';

/** A pending "open this link?" question from a View. */
export interface LinkPromptState {
  url: string | undefined;
  ask: (url: string) => Promise<boolean>;
  answer: (open: boolean) => void;
}

/** Asks the user before a View's link opens (one question at a time; a new one answers the old "no"). */
export function useLinkPrompt(): LinkPromptState {
  const [url, setUrl] = useState<string>();
  const resolver = useRef<(open: boolean) => void>(undefined);
  const ask = useCallback((next: string) => {
    resolver.current?.(false);
    setUrl(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = useCallback((open: boolean) => {
    resolver.current?.(open);
    resolver.current = undefined;
    setUrl(undefined);
  }, []);
  return useMemo(() => ({ url, ask, answer }), [url, ask, answer]);
}

/** The question, shown above the View: open a link, or (`download`) save the files named in `url`. */
export function LinkPrompt({ prompt, download = false }: { prompt: LinkPromptState; download?: boolean }) {
  if (!prompt.url) return null;
  return (
    <div
      role="alertdialog"
      aria-label={download ? 'Download from the View' : 'Open link from the View'}
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-800 dark:bg-amber-950"
    >
      <span className="min-w-0 flex-1 break-all">
        {download ? 'The View asks to save ' : 'The View asks to open '}
        <span className="font-mono">{prompt.url}</span>
        {download ? ' (links open in a new tab).' : ' in a new tab.'}
      </span>
      <button
        type="button"
        className="rounded bg-indigo-600 px-2 py-1 text-xs font-semibold text-white"
        onClick={() => prompt.answer(true)}
      >
        {download ? 'Download' : 'Open link'}
      </button>
      <button
        type="button"
        className="rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700"
        onClick={() => prompt.answer(false)}
      >
        {download ? "Don't download" : "Don't open"}
      </button>
    </div>
  );
}
