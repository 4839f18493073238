import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { isLoggingLevel, LOGGING_LEVELS } from './log-levels.ts';
import { logControlClass } from './log-control-class.ts';

/** Sends logging/setLevel; shown only when the connected server declares the logging capability. */
export function LogLevelPicker() {
  const { session, serverRequests } = useServices();
  const supportsLogging = useStore(session.state, (s) => s.server?.capabilities.logging !== undefined);
  const level = useStore(serverRequests.controls, (s) => s.logLevel);
  const error = useStore(serverRequests.controls, (s) => s.logLevelError);
  if (!supportsLogging) return null;
  return (
    <label className="flex items-center gap-1 text-xs">
      Log level
      <select
        className={logControlClass}
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
  );
}
