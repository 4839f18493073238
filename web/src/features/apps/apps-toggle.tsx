import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/** The setting that declares the MCP Apps extension (applies at the next connect, like other capabilities). */
export function AppsToggle() {
  const { apps } = useServices();
  const enabled = useStore(apps.settings, (s) => s.enabled);
  const declared = useStore(apps.declared, (s) => s.declared);
  return (
    <CheckboxField
      aria-label="MCP Apps"
      checked={enabled}
      onChange={(e) => apps.settings.setEnabled(e.target.checked)}
      label="MCP Apps"
      hint={
        <>
          tools may show their own interface (a View) in the result
          {declared !== undefined && declared !== enabled && ' (changed: reconnect)'}
        </>
      }
    />
  );
}
