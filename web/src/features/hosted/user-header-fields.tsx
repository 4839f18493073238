import { useStore } from '../../ui/use-store.ts';
import { inputClass } from '../../ui/field-classes.ts';
import type { UserHeaderValues } from './user-header-values.ts';

/**
 * One password field per header the catalog entry lets users set (their own token, say). The
 * values stay in this tab's memory; they go to the bridge with the connect and nowhere else.
 */
export function UserHeaderFields({
  server,
  names,
  values,
  disabled,
}: {
  server: string;
  names: string[];
  values: UserHeaderValues;
  disabled: boolean;
}) {
  const mine = useStore(values, (state) => state[server]);
  return (
    <>
      {names.map((name) => (
        <label
          key={name}
          className="flex w-56 flex-col text-xs font-medium text-slate-600 dark:text-slate-400"
        >
          {`Your ${name} header`}
          <input
            className={`${inputClass} mt-0.5 font-mono`}
            type="password"
            autoComplete="off"
            value={mine?.[name] ?? ''}
            disabled={disabled}
            spellCheck={false}
            title="Kept in this tab's memory only; never stored or recorded"
            onChange={(e) => values.set(server, name, e.target.value)}
          />
        </label>
      ))}
    </>
  );
}
