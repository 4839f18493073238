import { useState } from 'react';
import { leafText } from './json-tree-model.ts';
import { TEXT_PREVIEW_CHARS } from '../text-size.ts';

const COLOURS: Record<string, string> = {
  string: 'text-emerald-700 dark:text-emerald-300',
  number: 'text-sky-700 dark:text-sky-300',
  boolean: 'text-amber-700 dark:text-amber-300',
};

/** A scalar in the JSON tree; long strings show a preview until "more" is clicked, then up to 100K characters. */
export function JsonLeaf({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  const { text, hiddenChars } = leafText(value, full ? TEXT_PREVIEW_CHARS : undefined);
  return (
    <>
      <span className={`break-all ${COLOURS[typeof value] ?? 'text-slate-500'}`}>{text}</span>
      {hiddenChars > 0 && !full && (
        <button
          type="button"
          className="ml-1 text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => setFull(true)}
        >
          more ({hiddenChars.toLocaleString('en-US')} characters)
        </button>
      )}
      {hiddenChars > 0 && full && (
        <span className="ml-1 text-slate-500">
          ({hiddenChars.toLocaleString('en-US')} more characters: see Raw JSON or Copy JSON)
        </span>
      )}
    </>
  );
}
