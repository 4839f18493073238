import type { ContentBlock } from '#client/content/content-blocks.ts';
import type { Violation } from '#client/checks/output-validation.ts';
import { BlockErrorBoundary } from './content/block-error-boundary.tsx';
import { ContentBlockView } from './content/content-block-view.tsx';
import { StructuredContentView } from './structured-content-view.tsx';
import { resultFeatureBeyond } from '#client/era/protocol-revisions.ts';
import { RevisionMark } from '../../ui/revision-mark.tsx';

/** The result drawn for people: structured content first (it is what the schema describes), then each block. */
export function RenderedResult({
  blocks,
  rawBlocks,
  structured,
  violations,
  revision,
}: {
  blocks: readonly ContentBlock[];
  /** The blocks as sent, for the error boundary's fallback. */
  rawBlocks: unknown;
  structured: unknown;
  violations: readonly Violation[];
  /** The negotiated revision: what it does not define is marked. */
  revision?: string;
}) {
  const structuredSince = resultFeatureBeyond(revision, 'structuredContent');
  return (
    <div className="flex flex-col gap-3 p-3">
      {structured !== undefined && (
        <BlockErrorBoundary raw={structured}>
          <StructuredContentView
            value={structured}
            violations={violations}
            mark={
              structuredSince && (
                <RevisionMark field="structuredContent" since={structuredSince} revision={revision} />
              )
            }
          />
        </BlockErrorBoundary>
      )}
      {blocks.length === 0 && <p className="text-sm text-slate-500">The result has no content blocks.</p>}
      {blocks.map((block, index) => (
        <BlockErrorBoundary key={index} raw={Array.isArray(rawBlocks) ? rawBlocks[index] : rawBlocks}>
          <ContentBlockView block={block} position={index + 1} revision={revision} />
        </BlockErrorBoundary>
      ))}
    </div>
  );
}
