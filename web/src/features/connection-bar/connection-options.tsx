import { PROTOCOL_REVISIONS } from '#client/era/protocol-revisions.ts';
import { inputClass } from '../../ui/field-classes.ts';
import { EraPicker } from './era-picker.tsx';
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
    <div className="flex w-full flex-wrap gap-2">
      {form.transport === 'stdio' ? (
        <>
          <label className={`${labelClass} min-w-56 flex-1`}>
            Environment (KEY=value per line)
            <textarea
              className={`${inputClass} mt-0.5 h-16 font-mono`}
              value={form.env}
              disabled={disabled}
              spellCheck={false}
              onChange={(e) => set({ env: e.target.value })}
            />
          </label>
          <label className={`${labelClass} min-w-48 flex-1`}>
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
        <label className={`${labelClass} min-w-56 flex-1`}>
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
      <EraPicker
        era={form.era}
        onChange={(era) => set({ era })}
        disabled={disabled}
        disabledReason="Disconnect to change the era"
        hintId="protocol-era-hint"
      />
      {/* One idea, one control: the era decides; the revision a legacy handshake offers is its sub-choice. */}
      {form.era !== 'modern' && (
        <label className={`${labelClass} w-56`}>
          Protocol version of the legacy handshake
          <select
            className={`${inputClass} mt-0.5`}
            value={form.protocolVersion}
            disabled={disabled}
            onChange={(e) => set({ protocolVersion: e.target.value })}
          >
            {PROTOCOL_REVISIONS.map((revision, index) => (
              <option key={revision} value={revision}>
                {revision}
                {index === 0 ? ' (newest)' : ''}
              </option>
            ))}
          </select>
          <span className="mt-0.5 font-normal">
            {form.era === 'auto' ? 'offered if Auto falls back to initialize' : 'offered in initialize'}
          </span>
        </label>
      )}
    </div>
  );
}
