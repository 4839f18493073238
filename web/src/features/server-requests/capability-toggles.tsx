import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { CapabilityFlags } from './capability-settings.ts';
import { DeprecatedMark } from '../../ui/deprecated-mark.tsx';
import { deprecationOf } from '#client/era/modern-rules.ts';
import { AppsToggle } from '../apps/apps.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

const FEATURES: { key: keyof CapabilityFlags; label: string; detail: string }[] = [
  { key: 'sampling', label: 'Sampling', detail: 'the server may ask you to write a model reply' },
  {
    key: 'elicitation',
    label: 'Elicitation',
    detail: 'forms and links the server asks you to fill in or open',
  },
  { key: 'roots', label: 'Roots', detail: 'the server may ask which directories it may work in' },
];

/** Which client capabilities to declare. Servers read them in initialize, hence "at the next connect". */
export function CapabilityToggles() {
  const { serverRequests } = useServices();
  const flags = useStore(serverRequests.settings, (s) => s);
  const declared = useStore(serverRequests.requests, (s) => s.declared);
  const differs = declared !== undefined && FEATURES.some(({ key }) => declared[key] !== flags[key]);
  return (
    <fieldset className="flex flex-col gap-1.5 text-sm">
      <legend className="sr-only">Client capabilities</legend>
      {FEATURES.map(({ key, label, detail }) => (
        <CheckboxField
          key={key}
          checked={flags[key]}
          onChange={(e) => serverRequests.settings.set(key, e.target.checked)}
          label={
            <>
              {label}{' '}
              {(key === 'sampling' || key === 'roots') && <DeprecatedMark reason={deprecationOf(key)} />}
            </>
          }
          hint={detail}
        />
      ))}
      <AppsToggle />
      <p
        className={`text-xs ${differs ? 'font-semibold text-amber-700 dark:text-amber-400' : 'text-slate-500'}`}
      >
        {differs ? 'Changed: reconnect to declare these capabilities.' : 'Changes apply at the next connect.'}
      </p>
    </fieldset>
  );
}
