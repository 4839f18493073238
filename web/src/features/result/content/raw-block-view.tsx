import { useMemo } from 'react';
import { safeStringify } from '#client/content/json-text.ts';
import { BlockFrame } from './block-frame.tsx';
import { useTextView } from '../use-text-view.tsx';

/** A block Toolscope cannot render (unknown type or broken shape), shown as raw JSON with the reason. */
export function RawBlockView({
  label,
  kind,
  problems,
  raw,
}: {
  label: string;
  kind: string;
  problems: string[];
  raw: unknown;
}) {
  const json = useMemo(() => safeStringify(raw), [raw]);
  const { toolbar, body } = useTextView({ text: json, fileName: 'block.json', prettyToggle: false });
  return (
    <BlockFrame label={label} kind={kind} tone="problem" actions={toolbar}>
      <ul className="mb-1 list-disc pl-5 text-xs text-red-700 dark:text-red-300">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      {body}
    </BlockFrame>
  );
}
