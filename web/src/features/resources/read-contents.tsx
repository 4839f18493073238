import { useMemo } from 'react';
import { classifyReadResult } from '#client/content/resource-contents.ts';
import { ResourceContentsView } from '../result/content/resource-contents-view.tsx';

/** A resources/read result's contents, each with its URI and type, shown by the viewer for what it is. */
export function ReadContents({ result }: { result: Record<string, unknown> }) {
  const contents = useMemo(() => classifyReadResult(result), [result]);
  if (contents.length === 0) return <p className="text-sm text-slate-500">The resource has no contents.</p>;
  return contents.map((item, index) => (
    <div key={index} className="flex flex-col gap-1">
      {item.kind !== 'malformed' && (
        <p className="font-mono text-[11px] break-all text-slate-500">
          {item.uri}
          {item.mimeType && ` · ${item.mimeType}`}
        </p>
      )}
      <ResourceContentsView contents={item} />
    </div>
  ));
}
