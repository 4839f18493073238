import type { SamplingMessage } from '@modelcontextprotocol/sdk/types.js';
import { AudioBlockView } from '../result/content/audio-block-view.tsx';
import { ImageBlockView } from '../result/content/image-block-view.tsx';

type Block = { type: string; text?: unknown; data?: unknown; mimeType?: unknown; annotations?: unknown };

/** The blocks of one sampling message: text as text, images and audio through the result views. */
export function SamplingContent({ message, label }: { message: SamplingMessage; label: string }) {
  const blocks = (Array.isArray(message.content) ? message.content : [message.content]) as Block[];
  return (
    <div className="flex flex-col gap-1.5">
      {blocks.map((block, index) => (
        <SamplingBlock key={index} block={block} label={`${label}, part ${index + 1}`} />
      ))}
    </div>
  );
}

function SamplingBlock({ block, label }: { block: Block; label: string }) {
  if (block.type === 'text' && typeof block.text === 'string') {
    return <p className="text-sm break-words whitespace-pre-wrap">{block.text}</p>;
  }
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string') {
    const View = block.type === 'image' ? ImageBlockView : AudioBlockView;
    return (
      <View
        label={label}
        data={block.data}
        mimeType={typeof block.mimeType === 'string' ? block.mimeType : 'application/octet-stream'}
        annotations={block.annotations}
      />
    );
  }
  // Tool use and tool results (sampling with tools) and anything newer: shown as sent.
  return (
    <pre
      aria-label={label}
      className="overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-950"
    >
      {JSON.stringify(block, null, 2)}
    </pre>
  );
}
