import { ERA_CHOICES, ERA_LABELS, type ProtocolEraChoice } from '#shared/targets.ts';
import { PROTOCOL_REVISIONS } from '../../mcp/protocol-revisions.ts';
import { inputClass } from '../../ui/field-classes.ts';
import type { TargetFormState } from './target-form-state.ts';

const labelClass = 'flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400';

/**
 * Less common connection settings: environment and working directory, or headers; the protocol era
 * and the revision a legacy handshake offers.
 */
export function ConnectionOptions({
  form,
  set,
  disabled,
}: {
  form: TargetFormState;
  set: (patch: Partial<TargetFormState>) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex w-full gap-2">
      {form.transport === 'stdio' ? (
        <>
          <label className={`${labelClass} flex-1`}>
            Environment (KEY=value per line)
            <textarea
              className={`${inputClass} mt-0.5 h-16 font-mono`}
              value={form.env}
              disabled={disabled}
              spellCheck={false}
              onChange={(e) => set({ env: e.target.value })}
            />
          </label>
          <label className={`${labelClass} w-64`}>
            Working directory
            <input
              className={`${inputClass} mt-0.5 font-mono`}
              value={form.cwd}
              disabled={disabled}
              spellCheck={false}
              onChange={(e) => set({ cwd: e.target.value })}
            />
          </label>
        </>
      ) : (
        <label className={`${labelClass} flex-1`}>
          Headers (Name: value per line)
          <textarea
            className={`${inputClass} mt-0.5 h-16 font-mono`}
            value={form.headers}
            disabled={disabled}
            spellCheck={false}
            placeholder="Authorization: Bearer …"
            onChange={(e) => set({ headers: e.target.value })}
          />
        </label>
      )}
      <div className="flex w-52 flex-col">
        <label className={labelClass}>
          Protocol era
          <select
            className={`${inputClass} mt-0.5`}
            value={form.era}
            disabled={disabled}
            aria-describedby="protocol-era-hint"
            onChange={(e) => set({ era: e.target.value as ProtocolEraChoice })}
          >
            {ERA_CHOICES.map((era) => (
              <option key={era} value={era}>
                {ERA_LABELS[era]}
              </option>
            ))}
          </select>
        </label>
        <span id="protocol-era-hint" className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {ERA_HINTS[form.era]}
        </span>
      </div>
      <label className={`${labelClass} w-44`}>
        Protocol version
        <select
          className={`${inputClass} mt-0.5`}
          value={form.protocolVersion}
          disabled={disabled || form.era === 'modern'}
          onChange={(e) => set({ protocolVersion: e.target.value })}
        >
          {PROTOCOL_REVISIONS.map((revision, index) => (
            <option key={revision} value={revision}>
              {revision}
              {index === 0 ? ' (latest)' : ''}
            </option>
          ))}
        </select>
        <span className="mt-0.5 font-normal">offered in initialize; applies on connect</span>
      </label>
    </div>
  );
}

/** What each era choice does, under the picker. */
const ERA_HINTS: Record<ProtocolEraChoice, string> = {
  auto: 'probes with server/discover, else the initialize handshake',
  legacy: 'initialize handshake (2025-11-25 and earlier)',
  modern: 'stateless, server/discover; no fallback',
};
