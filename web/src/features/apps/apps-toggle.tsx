import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/** The setting that declares the MCP Apps extension (applies at the next connect, like other capabilities). */
export function AppsToggle() {
  const { apps } = useServices();
  const enabled = useStore(apps.settings, (s) => s.enabled);
  const declared = useStore(apps.declared, (s) => s.declared);
  return (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        aria-label="MCP Apps"
        className="mt-1"
        checked={enabled}
        onChange={(e) => apps.settings.setEnabled(e.target.checked)}
      />
      <span>
        MCP Apps
        <span className="block text-xs text-slate-500">
          tools may show their own interface (a View) in the result
          {declared !== undefined && declared !== enabled && ' (changed: reconnect)'}
        </span>
      </span>
    </label>
  );
}
