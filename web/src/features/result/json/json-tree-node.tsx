import { useMemo, useState } from 'react';
import { childPath } from '#client/content/json-path.ts';
import {
  childEntries,
  containerSummary,
  describeNode,
  expandedByDefault,
  INITIAL_CHILD_LIMIT,
} from './json-tree-model.ts';
import { JsonLeaf } from './json-leaf.tsx';

/** Violation messages by JSON path, to flag the offending nodes. */
export type PathMarks = ReadonlyMap<string, string>;

/**
 * One node of the JSON tree. Containers open on click; big ones start closed and render their
 * children a page at a time, so a 100k-key object costs a hundred rows, not a hundred thousand.
 */
export function JsonTreeNode({
  name,
  value,
  path,
  depth,
  marks,
}: {
  name: string | number;
  value: unknown;
  path: string;
  depth: number;
  marks: PathMarks;
}) {
  const info = useMemo(() => describeNode(value), [value]);
  const [open, setOpen] = useState(() => info.container && expandedByDefault(depth, info.size));
  const [limit, setLimit] = useState(INITIAL_CHILD_LIMIT);
  const mark = marks.get(path);
  const key = (
    <span className={typeof name === 'number' ? 'text-slate-500' : 'text-violet-700 dark:text-violet-300'}>
      {typeof name === 'number' || depth === 0 ? name : JSON.stringify(name)}
    </span>
  );
  const flag = mark && (
    <span className="ml-2 rounded bg-red-100 px-1 text-[11px] text-red-800 dark:bg-red-950 dark:text-red-300">
      {mark}
    </span>
  );

  if (!info.container) {
    return (
      <li className={`pl-4 ${mark ? 'bg-red-50 dark:bg-red-950/40' : ''}`}>
        {key}: <JsonLeaf value={value} />
        {flag}
      </li>
    );
  }
  const children = open ? childEntries(value as object, limit) : [];
  const hidden = info.size - children.length;
  return (
    <li className={mark ? 'bg-red-50 dark:bg-red-950/40' : ''}>
      <button
        type="button"
        aria-expanded={open}
        title={path}
        className="rounded px-0.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden className="inline-block w-3.5 text-slate-400">
          {open ? '▾' : '▸'}
        </span>
        {key} <span className="text-slate-500">{containerSummary(info.type, info.size)}</span>
      </button>
      {flag}
      {open && (
        <ul className="ml-1.5 border-l border-slate-200 pl-2 dark:border-slate-700">
          {children.map(([childName, child]) => (
            <JsonTreeNode
              key={childName}
              name={childName}
              value={child}
              path={childPath(path, childName)}
              depth={depth + 1}
              marks={marks}
            />
          ))}
          {hidden > 0 && (
            <li className="pl-4">
              <button
                type="button"
                className="text-indigo-600 hover:underline dark:text-indigo-400"
                onClick={() => setLimit(limit * 2)}
              >
                Show {Math.min(limit, hidden).toLocaleString('en-US')} more ({hidden.toLocaleString('en-US')}{' '}
                hidden)
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
