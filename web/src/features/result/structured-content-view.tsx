import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { safeStringify } from '#client/content/json-text.ts';
import { BlockFrame } from './content/block-frame.tsx';
import { CopyButton } from './copy-button.tsx';
import { JsonTreeNode, type PathMarks } from './json/json-tree-node.tsx';
import type { Violation } from '#client/checks/output-validation.ts';

/** structuredContent as a collapsible JSON tree, with schema violations flagged on their nodes. */
export function StructuredContentView({
  value,
  violations,
  mark,
}: {
  value: unknown;
  violations: readonly Violation[];
  /** Set when the negotiated revision does not define structuredContent. */
  mark?: ReactNode;
}) {
  const marks: PathMarks = useMemo(() => {
    const byPath = new Map<string, string>();
    for (const { path, message } of violations)
      byPath.set(path, byPath.has(path) ? `${byPath.get(path)}; ${message}` : message);
    return byPath;
  }, [violations]);
  return (
    <BlockFrame
      label="Structured content"
      kind="Structured content"
      mark={mark}
      tone={violations.length ? 'problem' : 'plain'}
      actions={<CopyButton label="Copy JSON" getText={() => safeStringify(value)} />}
    >
      <ul className="font-mono text-xs leading-relaxed">
        <JsonTreeNode name="structuredContent" value={value} path="$" depth={0} marks={marks} />
      </ul>
    </BlockFrame>
  );
}
