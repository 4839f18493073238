import { useState } from 'react';
import type { Frame } from '../../../../shared/bridge-protocol.ts';
import { describeFrame, formatTime } from './describe-frame.ts';

const KIND_COLORS = {
  request: 'text-indigo-700 dark:text-indigo-300',
  notification: 'text-slate-600 dark:text-slate-400',
  result: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-600 dark:text-red-400',
  bad: 'text-red-600 dark:text-red-400',
} as const;

/** One frame: time, direction, method; click to see the whole message. */
export function TraceRow({ frame }: { frame: Frame }) {
  const [open, setOpen] = useState(false);
  const { label, kind } = describeFrame(frame);
  const direction = frame.direction === 'out' ? 'sent' : 'received';
  return (
    <li className="border-b border-slate-100 dark:border-slate-800">
      <button
        type="button"
        aria-expanded={open}
        aria-label={`${label}, ${direction}, ${formatTime(frame.time)}`}
        className="flex w-full items-center gap-2 px-2 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="text-slate-400">{formatTime(frame.time)}</span>
        <span aria-hidden className={frame.direction === 'out' ? 'text-sky-600' : 'text-violet-600'}>
          {frame.direction === 'out' ? '→' : '←'}
        </span>
        <span className={`truncate ${KIND_COLORS[kind]}`}>{label}</span>
        <span className="ml-auto text-slate-400">{frame.bytes} B</span>
      </button>
      {open && (
        <pre className="overflow-x-auto bg-slate-50 px-3 py-2 whitespace-pre-wrap dark:bg-slate-950">
          {frame.message ? JSON.stringify(frame.message, null, 2) : frame.raw}
        </pre>
      )}
    </li>
  );
}
