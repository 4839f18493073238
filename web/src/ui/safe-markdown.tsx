import { parseBlocks, parseInline } from './markdown-blocks.ts';

/**
 * Renders untrusted tool text (descriptions) as a small markdown subset using React elements only:
 * no HTML is ever interpreted, links open only http(s) targets, in a new tab without referrer.
 */
export function SafeMarkdown({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-1.5 break-words">
      {parseBlocks(text).map((block, index) => {
        switch (block.kind) {
          case 'code':
            return (
              <pre
                key={index}
                className="overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-950"
              >
                {block.text}
              </pre>
            );
          case 'list':
            return (
              <ul key={index} className="list-disc pl-5">
                {block.items.map((item, i) => (
                  <li key={i}>
                    <Inline text={item} />
                  </li>
                ))}
              </ul>
            );
          case 'heading':
            return (
              <p key={index} className="font-semibold">
                <Inline text={block.text} />
              </p>
            );
          case 'paragraph':
            return (
              <p key={index} className="whitespace-pre-wrap">
                <Inline text={block.text} />
              </p>
            );
        }
      })}
    </div>
  );
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((run, index) => {
        switch (run.kind) {
          case 'code':
            return (
              <code
                key={index}
                className="rounded bg-slate-100 px-1 font-mono text-[0.85em] dark:bg-slate-800"
              >
                {run.text}
              </code>
            );
          case 'strong':
            return <strong key={index}>{run.text}</strong>;
          case 'em':
            return <em key={index}>{run.text}</em>;
          case 'link':
            return (
              <a
                key={index}
                href={run.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-indigo-600 underline dark:text-indigo-400"
              >
                {run.text}
              </a>
            );
          case 'text':
            return <span key={index}>{run.text}</span>;
        }
      })}
    </>
  );
}
