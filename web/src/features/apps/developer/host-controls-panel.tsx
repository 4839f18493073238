import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useStore } from '../../../ui/use-store.ts';
import {
  checkLocale,
  checkTimeZone,
  SIZE_PRESETS,
  type HostControls,
  type HostControlsState,
  type Insets,
} from './host-controls.ts';
import { field, InsetsField, Labelled } from './host-controls-fields.tsx';
import { Disclosure } from '../../../ui/disclosure.tsx';
import { CheckboxField } from '../../../ui/checkbox-field.tsx';

const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'ar-EG', 'he-IL', 'pt-BR', 'zh-CN'];
const TIME_ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Australia/Sydney',
];
const SIZE_LABELS: Record<HostControlsState['size'], string> = {
  fill: 'Fill the Result',
  phone: `Phone ${SIZE_PRESETS.phone.width}×${SIZE_PRESETS.phone.height}`,
  tablet: `Tablet ${SIZE_PRESETS.tablet.width}×${SIZE_PRESETS.tablet.height}`,
  desktop: `Desktop ${SIZE_PRESETS.desktop.width}×${SIZE_PRESETS.desktop.height}`,
  custom: 'Custom',
};
const MODE_LABELS: Record<McpUiDisplayMode, string> = {
  inline: 'Inline',
  fullscreen: 'Full screen',
  pip: 'Picture in picture',
};

/**
 * The host controls: the host a View believes it runs in (theme, locale, time zone, display mode, container
 * size, platform and input, safe-area insets) and the policy it runs under. Each change reaches the open View
 * as `ui/notifications/host-context-changed` (in the trace); the CSP mode and the watch load it again.
 * One set for the page, so the next View gets the same host.
 */
export function HostControlsPanel({
  controls,
  mode,
  onMode,
  readOnly,
}: {
  controls: HostControls;
  mode: McpUiDisplayMode;
  onMode: (mode: McpUiDisplayMode) => void;
  readOnly: boolean;
}) {
  const state = useStore(controls, (s) => s);
  const summary = controls.changed();
  const set = (patch: Partial<HostControlsState>) => controls.update(patch);
  const setInset = (side: keyof Insets, value: number) =>
    set({ insets: { ...state.insets, [side]: Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0 } });
  const localeProblem = checkLocale(state.locale);
  const zoneProblem = checkTimeZone(state.timeZone);
  return (
    <Disclosure
      className="rounded border border-slate-200 text-xs dark:border-slate-800"
      summaryClassName="cursor-pointer px-2 py-1 text-slate-600 dark:text-slate-300"
      summary={
        <>
          <span className="font-semibold">Host controls</span>{' '}
          <span className="text-slate-500">
            {summary.length ? summary.join(' · ') : 'the page’s own host'}
            {state.watch && ' · watching the resource'}
          </span>
        </>
      }
    >
      <div className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-x-4 gap-y-2 border-t border-slate-200 p-2 dark:border-slate-800">
        <Labelled label="Colour scheme">
          <select
            className={field}
            value={state.theme}
            onChange={(e) => set({ theme: e.target.value as HostControlsState['theme'] })}
          >
            <option value="page">Follow the page</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </Labelled>
        <Labelled label="Display mode">
          <select className={field} value={mode} onChange={(e) => onMode(e.target.value as McpUiDisplayMode)}>
            {Object.entries(MODE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="Locale" problem={localeProblem}>
          <input
            className={field}
            list="toolscope-locales"
            placeholder={navigator.language}
            value={state.locale}
            onChange={(e) => set({ locale: e.target.value })}
          />
          <datalist id="toolscope-locales">
            {LOCALES.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </Labelled>
        <Labelled label="Time zone" problem={zoneProblem}>
          <input
            className={field}
            list="toolscope-zones"
            placeholder={Intl.DateTimeFormat().resolvedOptions().timeZone}
            value={state.timeZone}
            onChange={(e) => set({ timeZone: e.target.value })}
          />
          <datalist id="toolscope-zones">
            {TIME_ZONES.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </Labelled>
        <Labelled label="Container size">
          <select
            className={field}
            value={state.size}
            onChange={(e) => set({ size: e.target.value as HostControlsState['size'] })}
          >
            {Object.entries(SIZE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Labelled>
        {state.size === 'custom' && (
          <div className="flex gap-2">
            <Labelled label="Width">
              <input
                type="number"
                min={100}
                max={4000}
                className={`${field} w-20`}
                value={state.width}
                onChange={(e) => set({ width: e.target.valueAsNumber })}
              />
            </Labelled>
            <Labelled label="Height">
              <input
                type="number"
                min={100}
                max={4000}
                className={`${field} w-20`}
                value={state.height}
                onChange={(e) => set({ height: e.target.valueAsNumber })}
              />
            </Labelled>
          </div>
        )}
        <Labelled label="Platform">
          <select
            className={field}
            value={state.platform}
            onChange={(e) => set({ platform: e.target.value as HostControlsState['platform'] })}
          >
            <option value="web">web</option>
            <option value="desktop">desktop</option>
            <option value="mobile">mobile</option>
          </select>
        </Labelled>
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">Device capabilities</legend>
          <CheckboxField
            checked={state.touch}
            onChange={(e) => set({ touch: e.target.checked })}
            label={<> Touch</>}
          />
          <CheckboxField
            checked={state.hover}
            onChange={(e) => set({ hover: e.target.checked })}
            label={<> Hover</>}
          />
        </fieldset>
        <InsetsField insets={state.insets} onChange={setInset} />
        <Labelled label="CSP">
          <select
            className={field}
            value={state.cspMode}
            title="The policy a View runs under; changing it loads the View again"
            onChange={(e) => set({ cspMode: e.target.value === 'relaxed' ? 'relaxed' : 'declared' })}
          >
            <option value="declared">As declared</option>
            <option value="relaxed">Relaxed like the reference host</option>
          </select>
        </Labelled>
        <CheckboxField
          title="Read the View's resource again when the server says it changed (resources/updated, list_changed)"
          disabled={readOnly}
          checked={state.watch}
          onChange={(e) => set({ watch: e.target.checked })}
          label="Watch resource"
        />
        <button
          type="button"
          className="justify-self-start rounded border border-slate-300 px-2 py-0.5 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          onClick={() => controls.reset()}
        >
          Reset host
        </button>
      </div>
    </Disclosure>
  );
}
