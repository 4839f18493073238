import { ERA_CHOICES, ERA_LABELS, type ProtocolEraChoice } from '#shared/targets.ts';
import { inputClass } from '../../ui/field-classes.ts';

const labelClass = 'flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400';

/** What each era choice does, under the picker. */
const ERA_HINTS: Record<ProtocolEraChoice, string> = {
  auto: 'probes with server/discover, else the initialize handshake',
  legacy: 'initialize handshake (2025-11-25 and earlier)',
  modern: 'stateless, server/discover; no fallback',
};

/**
 * The combobox "Protocol era" (DESIGN.md §2) with a hint of what the choice does: in the connection
 * options of the single-user bar, and beside the catalog server in hosted mode.
 */
export function EraPicker({
  era,
  onChange,
  disabled,
  hintId,
  compact = false,
  disabledReason,
}: {
  era: ProtocolEraChoice;
  onChange: (era: ProtocolEraChoice) => void;
  disabled: boolean;
  /** Id of the hint element (unique on the page). */
  hintId: string;
  /** The hint as a tooltip (and for screen readers) instead of a line below: a bar that must stay one row. */
  compact?: boolean;
  /** Why the picker is disabled ("Disconnect to change the era"), said in place of the hint while it is. */
  disabledReason?: string;
}) {
  const hint = disabled && disabledReason ? disabledReason : ERA_HINTS[era];
  return (
    <div className="flex w-52 flex-col" title={compact ? hint : undefined}>
      <label className={labelClass}>
        Protocol era
        <select
          className={`${inputClass} mt-0.5`}
          value={era}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value as ProtocolEraChoice)}
        >
          {ERA_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {ERA_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      <span id={hintId} className={compact ? 'sr-only' : 'mt-0.5 text-xs text-slate-600 dark:text-slate-400'}>
        {hint}
      </span>
    </div>
  );
}
