import { isLoggingLevel, LOGGING_LEVELS } from './log-levels.ts';
import { LogLevelPicker } from './log-level-picker.tsx';
import { logControlClass } from './log-control-class.ts';
import { LOG_KINDS, type LogFilter, type LogKind } from './log-rows.ts';
import { PingButton } from './ping-button.tsx';

/** Requests to the server (log level, ping) and what the pane shows (kinds, minimum level). */
export function ServerLogToolbar({
  filter,
  onChange,
  shown,
  total,
}: {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
  shown: number;
  total: number;
}) {
  const toggle = (kind: LogKind, on: boolean) => {
    const kinds = new Set(filter.kinds);
    if (on) kinds.add(kind);
    else kinds.delete(kind);
    onChange({ ...filter, kinds });
  };
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 px-2 py-1.5 text-xs dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <LogLevelPicker />
        <PingButton />
        <label
          className="ml-auto flex items-center gap-1"
          title="Log messages below this level are hidden here"
        >
          Show
          <select
            aria-label="Minimum level shown"
            className={logControlClass}
            value={filter.minimumLevel}
            onChange={(e) => {
              if (isLoggingLevel(e.target.value)) onChange({ ...filter, minimumLevel: e.target.value });
            }}
          >
            {LOGGING_LEVELS.map((level) => (
              <option key={level} value={level}>
                {`≥ ${level}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="group" aria-label="Kinds shown" className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
        {LOG_KINDS.map(({ kind, label }) => (
          <label key={kind} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={filter.kinds.has(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
            />
            {label}
          </label>
        ))}
        <span className="ml-auto text-slate-500" title={`${shown} of ${total} lines shown`}>
          {shown === total ? total : `${shown}/${total}`} lines
        </span>
      </div>
    </div>
  );
}
