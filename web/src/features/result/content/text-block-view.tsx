import { BlockFrame } from './block-frame.tsx';
import { useTextView } from '../use-text-view.tsx';

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
