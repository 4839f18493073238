import { useId, useRef } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ThemeSwitch } from '../../ui/theme-switch.tsx';
import { serverName } from '#client/session/server-name.ts';
import { ServerNameText } from '../../ui/server-name-text.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/** Call settings: timeouts, the colour theme, and which servers' annotations are trusted. */
export function SettingsButton() {
  const { policy, runner, session } = useServices();
  const serverInfo = useStore(session.state, (s) => s.server?.info);
  const settings = useStore(policy, (s) => s);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const server = runner.serverLabel();
  const trusted = settings.trustedServers.includes(server);
  const seconds = (ms: number) => String(Math.round(ms / 1000));
  const setSeconds = (key: 'timeoutMs' | 'maxTotalMs', text: string) => {
    const value = Number(text);
    if (Number.isFinite(value) && value > 0) policy.updateSettings({ [key]: value * 1000 });
  };
  return (
    <>
      <button type="button" className={compactButtonClass} onClick={() => dialogRef.current?.showModal()}>
        Settings
      </button>
      <Dialog ref={dialogRef} title="Settings" className="w-[min(32rem,92vw)]">
        <div className="flex flex-col gap-3 text-sm">
          {/* One label column, one input column: the inputs line up whatever their labels' lengths. */}
          <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-3">
            <label htmlFor={`${id}-timeout`}>Call timeout in seconds (reset by progress)</label>
            <input
              id={`${id}-timeout`}
              type="number"
              min={1}
              className={`${inputClass} w-24`}
              defaultValue={seconds(settings.timeoutMs)}
              onChange={(e) => setSeconds('timeoutMs', e.target.value)}
            />
            <label htmlFor={`${id}-longest`}>Longest call in seconds, whatever the progress</label>
            <input
              id={`${id}-longest`}
              type="number"
              min={1}
              className={`${inputClass} w-24`}
              defaultValue={seconds(settings.maxTotalMs)}
              onChange={(e) => setSeconds('maxTotalMs', e.target.value)}
            />
            <span aria-hidden>Theme</span>
            <span className="w-24 [&>select]:w-full">
              <ThemeSwitch />
            </span>
          </div>
          <CheckboxField
            checked={trusted}
            onChange={(e) => policy.setTrusted(server, e.target.checked)}
            label="Trust this server’s annotations"
            hint={<ServerNameText name={serverName(serverInfo, server)} stacked />}
          />
          <CheckboxField
            className="items-start gap-2"
            checked={settings.skipReadOnlyOfTrusted}
            onChange={(e) => policy.updateSettings({ skipReadOnlyOfTrusted: e.target.checked })}
            label="Skip approval for read-only tools of trusted servers"
          />
        </div>
      </Dialog>
    </>
  );
}
