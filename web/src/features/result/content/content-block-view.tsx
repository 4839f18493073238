import type { ContentBlock } from '#client/content/content-blocks.ts';
import { AudioBlockView } from './audio-block-view.tsx';
import { EmbeddedResourceView } from './embedded-resource-view.tsx';
import { ImageBlockView } from './image-block-view.tsx';
import { RawBlockView } from './raw-block-view.tsx';
import { ResourceLinkView } from './resource-link-view.tsx';
import { resultFeatureBeyond } from '#client/era/protocol-revisions.ts';
import { RevisionMark } from '../../../ui/revision-mark.tsx';
import { BlockFrame } from './block-frame.tsx';
import { useTextView } from '../use-text-view.tsx';

/**
 * One content block, drawn by the viewer for its kind. `position` is 1-based. A content type the negotiated
 * `revision` does not define is drawn all the same, and marked.
 */
export function ContentBlockView({
  block,
  position,
  revision,
}: {
  block: ContentBlock;
  position: number;
  revision?: string;
}) {
  const label = `Content ${position}: ${block.kind === 'unknown' ? block.type : block.kind}`;
  const since = resultFeatureBeyond(revision, block.kind);
  const mark = since ? <RevisionMark field={block.kind} since={since} revision={revision} /> : undefined;
  switch (block.kind) {
    case 'text':
      return (
        <TextBlockView label={label} text={block.text} annotations={block.annotations} position={position} />
      );
    case 'image':
      return (
        <ImageBlockView
          label={label}
          data={block.data}
          mimeType={block.mimeType}
          annotations={block.annotations}
        />
      );
    case 'audio':
      return (
        <AudioBlockView
          label={label}
          data={block.data}
          mimeType={block.mimeType}
          annotations={block.annotations}
          mark={mark}
        />
      );
    case 'resource_link':
      return <ResourceLinkView label={label} link={block.link} annotations={block.annotations} mark={mark} />;
    case 'resource':
      return <EmbeddedResourceView label={label} resource={block.resource} annotations={block.annotations} />;
    case 'unknown':
      return (
        <RawBlockView
          label={label}
          kind="Unknown"
          problems={[`Unknown content type ${JSON.stringify(block.type).slice(0, 200)}`]}
          raw={block.raw}
        />
      );
    case 'malformed':
      return <RawBlockView label={label} kind="Malformed block" problems={block.problems} raw={block.raw} />;
  }
}

/** A text content block, its view controls in the block header. */
export function TextBlockView({
  label,
  text,
  annotations,
  position,
}: {
  label: string;
  text: string;
  annotations: unknown;
  position: number;
}) {
  const { toolbar, body } = useTextView({ text, fileName: `text-${position}.txt` });
  return (
    <BlockFrame label={label} kind="Text" annotations={[annotations]} actions={toolbar}>
      {body}
    </BlockFrame>
  );
}
