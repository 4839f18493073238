import type { EmbeddedContents } from '#client/content/content-blocks.ts';
import { syntaxHint } from './mime-types.ts';
import { downloadFileName } from './safe-links.ts';
import { ResourceContentsView } from './resource-contents-view.tsx';
import { OpenInResources } from './open-in-resources.tsx';
import { BlockFrame } from './block-frame.tsx';
import { useTextView } from '../use-text-view.tsx';

/** An embedded resource block: its URI (as text, never a link), MIME type, language hint and contents. */
export function EmbeddedResourceView({
  label,
  resource,
  annotations,
}: {
  label: string;
  resource: EmbeddedContents;
  annotations: unknown;
}) {
  const fileName = downloadFileName(resource.uri, resource.mimeType, 'resource');
  // Called for blobs too (with no text) because hooks cannot be conditional; it costs nothing then.
  const text = useTextView({ text: resource.kind === 'text' ? resource.text : '', fileName });
  const isText = resource.kind === 'text';
  return (
    <BlockFrame
      label={label}
      kind={isText ? 'Embedded resource' : 'Embedded resource (blob)'}
      facts={[
        resource.mimeType,
        isText ? (syntaxHint(resource.mimeType, resource.uri) ?? 'Text') : undefined,
      ]}
      annotations={[annotations, resource.annotations]}
      actions={
        <>
          {isText && text.toolbar}
          <OpenInResources uri={resource.uri} embedded={resource} />
        </>
      }
    >
      {resource.title && <p className="mb-1 text-sm font-medium">{resource.title}</p>}
      <p className="mb-1.5 font-mono text-xs break-all text-slate-600 dark:text-slate-400">{resource.uri}</p>
      {isText ? text.body : <ResourceContentsView contents={resource} />}
    </BlockFrame>
  );
}
