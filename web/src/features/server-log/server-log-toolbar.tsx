import { useState } from 'react';
import { isLoggingLevel, LOGGING_LEVELS } from './log-levels.ts';
import { LOG_KINDS, type LogFilter, type LogKind } from './log-rows.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { DeprecatedMark } from '../../ui/deprecated-mark.tsx';
import { deprecationUnder, removedUnder } from '#client/era/modern-rules.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/** Compact controls of the log toolbar, matching the trace's filter bar. */
const logControlClass =
  'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900';

/**
 * Requests to the server (log level, ping) and what the pane shows (kinds, minimum level) on one row, the rarely
 * used filters behind "Filters", so a 220 px tab at 1280x800 keeps its room for lines.
 * `logArrived`: a log message came, so the sentence on whether logging works has said its piece.
 */
export function ServerLogToolbar({
  filter,
  onChange,
  shown,
  total,
  logArrived,
}: {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
  shown: number;
  total: number;
  logArrived: boolean;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const toggle = (kind: LogKind, on: boolean) => {
    const kinds = new Set(filter.kinds);
    if (on) kinds.add(kind);
    else kinds.delete(kind);
    onChange({ ...filter, kinds });
  };
  // A closed "Filters" still tells that some lines are hidden by it.
  const active = LOG_KINDS.length - filter.kinds.size + (filter.minimumLevel === 'debug' ? 0 : 1);
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 px-2 py-1.5 text-xs dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <LogLevelPicker />
        <PingButton />
        <span className="ml-auto flex items-center gap-2">
          <button
            type="button"
            aria-expanded={filtersOpen}
            title="What the pane shows: kinds of line, lowest level"
            className={`${logControlClass} hover:bg-slate-100 dark:hover:bg-slate-800`}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters{' '}
            {active > 0 && (
              <span
                aria-hidden
                className="rounded-full bg-indigo-100 px-1 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300"
              >
                {active}
              </span>
            )}{' '}
            <span aria-hidden>{filtersOpen ? '▴' : '▾'}</span>
          </button>
          <span className="text-slate-500" title={`${shown} of ${total} lines shown`}>
            {shown === total ? total : `${shown}/${total}`} lines
          </span>
        </span>
      </div>
      {filtersOpen && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <label className="flex items-center gap-1" title="Log messages below this level are hidden here">
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
          <div
            role="group"
            aria-label="Kinds shown"
            className="flex flex-wrap items-center gap-x-2.5 gap-y-1"
          >
            {LOG_KINDS.map(({ kind, label }) => (
              <CheckboxField
                key={kind}
                checked={filter.kinds.has(kind)}
                onChange={(e) => toggle(kind, e.target.checked)}
                label={label}
              />
            ))}
          </div>
        </div>
      )}
      {!logArrived && <LoggingNote />}
    </div>
  );
}

/**
 * Sends logging/setLevel (2025 era) or sets the level each call carries in `_meta` (2026-07-28); shown
 * only when the connected server declares the logging capability.
 */
export function LogLevelPicker() {
  const { session, serverRequests } = useServices();
  const supportsLogging = useStore(session.state, (s) => s.server?.capabilities.logging !== undefined);
  const level = useStore(serverRequests.controls, (s) => s.logLevel);
  const error = useStore(serverRequests.controls, (s) => s.logLevelError);
  const era = useStore(session.state, (s) => s.server?.era);
  if (!supportsLogging) return null;
  // 2026-07-28 has no logging/setLevel: the chosen level travels in each call's _meta instead. The
  // label says what the control does; that logging is deprecated in that revision is its tooltip's,
  // not a badge beside the one control a reader is meant to use.
  const perCall = removedUnder(era, 'logging/setLevel');
  const deprecated = deprecationUnder(era, 'logging');
  const tooltip = perCall ? [perCall, deprecated].filter(Boolean).join(' ') : undefined;
  return (
    <span className="flex items-center gap-1 text-xs" title={tooltip}>
      <label className="flex items-center gap-1">
        {perCall ? 'Log level, sent with each call' : 'Log level'}
        <select
          className={logControlClass}
          aria-description={tooltip}
          value={level ?? ''}
          onChange={(e) => {
            if (isLoggingLevel(e.target.value)) void serverRequests.controls.setLogLevel(e.target.value);
          }}
        >
          <option value="" disabled>
            default
          </option>
          {LOGGING_LEVELS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {error && (
          <span role="alert" className="text-red-600 dark:text-red-400">
            {error}
          </span>
        )}
      </label>
      {!perCall && <DeprecatedMark reason={deprecated} />}
    </span>
  );
}

/**
 * Sends ping and shows the round trip (the trace shows the frames, and the server's pings too). Not
 * shown where the revision has no ping (2026-07-28): a control that can never work is noise.
 */
export function PingButton() {
  const { session, serverRequests } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const ping = useStore(serverRequests.controls, (s) => s.ping);
  const pinging = useStore(serverRequests.controls, (s) => s.pinging);
  const removed = useStore(session.state, (s) => removedUnder(s.server?.era, 'ping'));
  if (removed) return null;
  return (
    <span className="flex items-center gap-1 text-xs">
      <button
        type="button"
        className={`${logControlClass} hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800`}
        disabled={!connected || pinging}
        onClick={() => void serverRequests.controls.ping()}
      >
        Ping server
      </button>
      <output aria-label="Ping round trip" title="Round trip of the last ping" className="text-slate-500">
        {ping && (ping.ok ? `${ping.ms.toFixed(1)} ms` : `Ping failed: ${ping.error}`)}
      </output>
    </span>
  );
}

/**
 * One sentence on whether log messages can come at all, so the marks beside the level ("per call",
 * "deprecated") never leave a reader wondering whether logging works.
 */
function LoggingNote() {
  const { session } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const declared = useStore(session.state, (s) => s.server?.capabilities.logging !== undefined);
  if (!connected) return null;
  const text = !declared
    ? "This server declares no logging: only its stderr and the bridge's events show here."
    : "Logging works: the server's log messages show here.";
  return <p className="text-slate-500">{text}</p>;
}
