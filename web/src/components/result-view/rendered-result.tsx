import type { ContentBlock } from '../../results/content-blocks.ts';
import type { Violation } from '../../results/output-validation.ts';
import { BlockErrorBoundary } from './block-error-boundary.tsx';
import { ContentBlockView } from './content-block-view.tsx';
import { StructuredContentView } from './structured-content-view.tsx';

/** The result drawn for people: structured content first (it is what the schema describes), then each block. */
export function RenderedResult({
  blocks,
  rawBlocks,
  structured,
  violations,
}: {
  blocks: readonly ContentBlock[];
  /** The blocks as sent, for the error boundary's fallback. */
  rawBlocks: unknown;
  structured: unknown;
  violations: readonly Violation[];
}) {
  return (
    <div className="flex flex-col gap-3 p-3">
      {structured !== undefined && (
        <BlockErrorBoundary raw={structured}>
          <StructuredContentView value={structured} violations={violations} />
        </BlockErrorBoundary>
      )}
      {blocks.length === 0 && <p className="text-sm text-slate-500">The result has no content blocks.</p>}
      {blocks.map((block, index) => (
        <BlockErrorBoundary key={index} raw={Array.isArray(rawBlocks) ? rawBlocks[index] : rawBlocks}>
          <ContentBlockView block={block} position={index + 1} />
        </BlockErrorBoundary>
      ))}
    </div>
  );
}
