import { useMemo } from 'react';
import { diffLines, type DiffRow } from './line-diff.ts';

const ROW_LOOK: Record<DiffRow['kind'], { left: string; right: string; marker: string }> = {
  same: { left: '', right: '', marker: ' ' },
  changed: {
    left: 'bg-amber-50 dark:bg-amber-950/60',
    right: 'bg-amber-50 dark:bg-amber-950/60',
    marker: '~',
  },
  removed: { left: 'bg-red-50 dark:bg-red-950/60', right: '', marker: '-' },
  added: { left: '', right: 'bg-emerald-50 dark:bg-emerald-950/60', marker: '+' },
};

const cellClass = 'whitespace-pre-wrap break-all px-2 font-mono text-xs';

/** Side-by-side line diff of two texts; changed, removed and added lines are tinted and marked. */
export function DiffView({ label, left, right }: { label: string; left: string; right: string }) {
  const diff = useMemo(() => diffLines(left, right), [left, right]);
  return (
    <section aria-label={label} className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold">{label}</h3>
      {diff.tooLarge ? (
        <>
          <p className="mb-1 text-xs text-slate-500">Too large to diff; showing both.</p>
          <div className="grid grid-cols-2 gap-2">
            <pre className={cellClass}>{left}</pre>
            <pre className={cellClass}>{right}</pre>
          </div>
        </>
      ) : (
        <table className="w-full table-fixed border-collapse rounded border border-slate-200 dark:border-slate-700">
          <tbody>
            {diff.rows.map((row, index) => {
              const look = ROW_LOOK[row.kind];
              return (
                <tr
                  key={index}
                  data-kind={row.kind}
                  aria-label={row.kind === 'same' ? undefined : `${row.kind} line`}
                >
                  <td aria-hidden="true" className="w-4 text-center font-mono text-xs text-slate-400">
                    {look.marker}
                  </td>
                  <td className={`${cellClass} ${look.left}`}>{row.left ?? ''}</td>
                  <td
                    className={`${cellClass} border-l border-slate-200 dark:border-slate-700 ${look.right}`}
                  >
                    {row.right ?? ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
