import { useEffect, useState } from 'react';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { useServices } from '../../services.ts';

/** Characters of a text resource shown before "show all". */
const PREVIEW_CHARS = 20_000;

/** The contents of one resource as resources/read returned them. */
export function ResourceContents({ uri, onClose }: { uri: string; onClose: () => void }) {
  const { session } = useServices();
  const [result, setResult] = useState<ReadResourceResult>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    // The parent keys this view by uri, so state starts empty for each resource.
    let live = true;
    session.readResource(uri).then(
      (read) => live && setResult(read),
      (caught: unknown) => live && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      live = false;
    };
  }, [session, uri]);
  return (
    <section
      aria-label="Resource contents"
      className="rounded-md border border-slate-200 p-2 dark:border-slate-700"
    >
      <div className="mb-1 flex items-center gap-2">
        <span className="truncate font-mono text-xs">{uri}</span>
        <button type="button" className="ml-auto text-xs text-indigo-600 hover:underline" onClick={onClose}>
          Close
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      {!result && !error && <p className="text-xs text-slate-500">Reading…</p>}
      {Array.isArray(result?.contents) &&
        result.contents.map((content, index) => (
          <div key={index} className="mb-1">
            <p className="text-xs text-slate-500">{String(content.mimeType ?? 'no mime type')}</p>
            {'text' in content && typeof content.text === 'string' ? (
              <pre className="max-h-60 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-950">
                {content.text.slice(0, PREVIEW_CHARS)}
                {content.text.length > PREVIEW_CHARS &&
                  `\n… ${content.text.length - PREVIEW_CHARS} more characters`}
              </pre>
            ) : (
              <p className="text-xs">
                binary, {Math.floor((String((content as { blob?: unknown }).blob ?? '').length * 3) / 4)}{' '}
                bytes
              </p>
            )}
          </div>
        ))}
    </section>
  );
}
