import type { ReactNode } from 'react';
import { useState } from 'react';
import { useServices } from '../../../services.ts';
import type { ResourceLinkInfo } from '#client/content/content-blocks.ts';
import { describeRequestError } from '../jsonrpc-codes.ts';
import { classifyReadResult, type ResourceContents } from '#client/content/resource-contents.ts';
import { externalHref } from './safe-links.ts';
import { formatBytes } from '../text-size.ts';
import { BlockFrame } from './block-frame.tsx';
import { InlineError } from './inline-error.tsx';
import { smallButtonClass } from '../result-classes.ts';
import { ResourceContentsView } from './resource-contents-view.tsx';
import { OpenInResources } from './open-in-resources.tsx';

type ReadState =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'open'; contents: ResourceContents[] }
  | { kind: 'failed'; message: string };

/**
 * A resource_link block. "Open" reads the resource through the MCP session (resources/read) and
 * shows it inline; the URI itself is never navigated to, except http(s) in a new, opener-less tab.
 */
export function ResourceLinkView({
  label,
  link,
  annotations,
  mark,
}: {
  label: string;
  link: ResourceLinkInfo;
  annotations: unknown;
  /** Set when the negotiated revision does not define resource links. */
  mark?: ReactNode;
}) {
  const { session } = useServices();
  const [read, setRead] = useState<ReadState>({ kind: 'closed' });
  const href = externalHref(link.uri);
  const heading = link.title ?? link.name ?? link.uri;

  const open = async () => {
    setRead({ kind: 'loading' });
    try {
      setRead({ kind: 'open', contents: classifyReadResult(await session.readResource(link.uri)) });
    } catch (error) {
      setRead({ kind: 'failed', message: describeRequestError(error) });
    }
  };

  return (
    <BlockFrame
      label={label}
      kind="Resource link"
      mark={mark}
      facts={[link.mimeType, link.size !== undefined ? formatBytes(link.size) : undefined]}
      annotations={[annotations]}
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">
            {heading}
            {link.name && link.name !== heading && (
              <span className="ml-2 font-mono text-xs font-normal text-slate-500">{link.name}</span>
            )}
          </p>
          <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">{link.uri}</p>
          {link.description && (
            <p className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">{link.description}</p>
          )}
        </div>
        <div className="flex items-center gap-1">
          {read.kind === 'open' ? (
            <button type="button" className={smallButtonClass} onClick={() => setRead({ kind: 'closed' })}>
              Close
            </button>
          ) : (
            <button
              type="button"
              className={smallButtonClass}
              disabled={read.kind === 'loading'}
              title="Read it with resources/read"
              onClick={() => void open()}
            >
              {read.kind === 'loading' ? 'Reading…' : 'Open'}
            </button>
          )}
          <OpenInResources uri={link.uri} title={link.title ?? link.name} />
          {href && (
            <a className={smallButtonClass} href={href} target="_blank" rel="noopener noreferrer">
              Open in new tab ↗
            </a>
          )}
        </div>
      </div>
      {read.kind === 'failed' && (
        <div className="mt-2">
          <InlineError>Could not read the resource: {read.message}</InlineError>
        </div>
      )}
      {read.kind === 'open' && (
        <div role="group" aria-label={`Contents of ${link.uri}`} className="mt-2 flex flex-col gap-2">
          {read.contents.length === 0 && (
            <p className="text-xs text-slate-500">The resource has no contents.</p>
          )}
          {read.contents.map((contents, index) => (
            <div
              key={index}
              className="flex flex-col gap-1 border-l-2 border-indigo-200 pl-2 dark:border-indigo-800"
            >
              {contents.kind !== 'malformed' && (
                <p className="font-mono text-[11px] text-slate-500">
                  {contents.uri}
                  {contents.mimeType && ` · ${contents.mimeType}`}
                </p>
              )}
              <ResourceContentsView contents={contents} />
            </div>
          ))}
        </div>
      )}
    </BlockFrame>
  );
}
