import type { TraceFilter } from '#client/trace/trace-filter.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

const control =
  'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900';

/** Filters of the trace: free text, direction, method, who asked for the call, errors only. */
export function TraceFilterBar({
  filter,
  onChange,
  methods,
}: {
  filter: TraceFilter;
  onChange: (filter: TraceFilter) => void;
  methods: string[];
}) {
  const set = (patch: Partial<TraceFilter>) => onChange({ ...filter, ...patch });
  return (
    // One row from 1280 up, so the frames keep their height: the method list is as wide as "all methods" (its other options are
    // long anyway), "Asked by" says "model"/"View" to leave it that room, the search takes what is left, and it and
    // the method list shrink before anything wraps.
    <div className="flex items-center gap-1.5 border-b border-slate-200 px-2 py-1.5 dark:border-slate-800">
      <input
        type="search"
        aria-label="Filter trace"
        placeholder="Filter"
        className={`${control} w-20 min-w-16 flex-1`}
        value={filter.text}
        onChange={(e) => set({ text: e.target.value })}
      />
      <select
        aria-label="Direction"
        className={`${control} w-24 min-w-0`}
        value={filter.direction}
        onChange={(e) => set({ direction: e.target.value as TraceFilter['direction'] })}
      >
        <option value="any">both ways</option>
        <option value="out">sent</option>
        <option value="in">received</option>
        <option value="from-view">View → host</option>
        <option value="to-view">host → View</option>
      </select>
      <select
        aria-label="Method"
        className={`${control} w-28 min-w-0`}
        value={filter.method}
        onChange={(e) => set({ method: e.target.value })}
      >
        <option value="">all methods</option>
        {methods.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </select>
      <select
        aria-label="Asked by"
        className={`${control} shrink-0`}
        value={filter.origin ?? ''}
        onChange={(e) => set({ origin: (e.target.value || undefined) as TraceFilter['origin'] })}
      >
        <option value="">anyone</option>
        <option value="model">model</option>
        <option value="view">View</option>
      </select>
      <CheckboxField
        className="shrink-0 text-xs"
        title="Show only errors"
        aria-label="Errors only"
        checked={filter.errorsOnly}
        onChange={(e) => set({ errorsOnly: e.target.checked })}
        label="Errors"
      />
    </div>
  );
}
