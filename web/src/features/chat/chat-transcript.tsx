import { useLayoutEffect, useRef } from 'react';
import { useStore } from '../../ui/use-store.ts';
import type { Observable } from '../../ui/use-store.ts';
import type { TranscriptItem } from './transcript.ts';
import { ToolCallItem } from './tool-call-item.tsx';

/** The conversation as it happened: the author's messages, the streamed answers, the calls and their results. */
export function ChatTranscript({ chat }: { chat: Observable<{ items: TranscriptItem[] }> }) {
  const items = useStore(chat, (s) => s.items);
  const box = useRef<HTMLDivElement>(null);
  const last = items.at(-1);
  // The newest message stays in view as it streams in, unless the reader scrolled up to read older ones.
  const following = useRef(true);
  useLayoutEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [items.length, last]);
  return (
    <div
      ref={box}
      role="log"
      aria-label="Transcript"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
      }}
      className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto rounded border border-slate-200 p-2 text-sm dark:border-slate-800"
    >
      {items.length === 0 && (
        <p className="text-slate-500">
          Ask something the connected server's tools can answer; every call the model makes asks for your
          approval.
        </p>
      )}
      {items.map((item) => (
        <Item key={item.id} item={item} />
      ))}
    </div>
  );
}

function Item({ item }: { item: TranscriptItem }) {
  if (item.kind === 'user')
    return (
      <div className="self-end rounded-lg bg-indigo-50 px-3 py-1.5 whitespace-pre-wrap dark:bg-indigo-950">
        <span className="sr-only">You: </span>
        {item.text}
      </div>
    );
  if (item.kind === 'assistant')
    return item.text || item.streaming ? (
      <div className="whitespace-pre-wrap" aria-busy={item.streaming}>
        <span className="sr-only">Model: </span>
        {item.text}
        {item.streaming && <span className="text-slate-400"> …</span>}
      </div>
    ) : null;
  if (item.kind === 'notice')
    return (
      <p
        role={item.tone === 'error' ? 'alert' : 'status'}
        className={
          item.tone === 'error'
            ? 'rounded bg-rose-50 px-2 py-1 text-rose-800 dark:bg-rose-950 dark:text-rose-200'
            : 'text-slate-500'
        }
      >
        {item.text}
      </p>
    );
  return <ToolCallItem item={item} />;
}
