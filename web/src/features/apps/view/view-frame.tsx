import { useMemo } from 'react';
import { buildViewCsp, encodeCspDomains } from '#shared/view-csp.ts';
import { allowAttribute } from '#shared/view-permissions.ts';
import { useStore } from '../../../ui/use-store.ts';
import { HostControlsPanel } from '../developer/host-controls-panel.tsx';
import { LinkPrompt } from '../host/link-prompt.tsx';
import { useViewHost, type ViewHostInputs } from '../host/use-view-host.ts';
import { ViewConsolePanel } from '../developer/view-console-panel.tsx';
import { ViewNotesPanel } from '../developer/view-notes-panel.tsx';
import { PIP_SIZE } from '../host/view-size.ts';
import { ViewToolbar } from './view-toolbar.tsx';

const BOX_CLASSES = {
  inline: 'flex flex-col rounded-md border-2 border-dashed border-indigo-300 dark:border-indigo-800',
  fullscreen: 'fixed inset-0 z-40 flex flex-col bg-white dark:bg-slate-950',
  pip: 'fixed right-4 bottom-4 z-40 flex flex-col overflow-hidden rounded-md border border-slate-300 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-950',
} as const;

/**
 * A View on screen: the host controls, then the sandbox proxy iframe (another origin) under its toolbar,
 * inline, full screen or picture in picture, the host's questions for it, and under it the View's console and
 * what it sent ("From the View"). The host protocol is {@link useViewHost}'s.
 */
export function ViewFrame(inputs: Omit<ViewHostInputs, 'src' | 'allow'> & { onReload: () => void }) {
  const { granted, resource, origin, live, controls, onReload } = inputs;
  const cspMode = useStore(controls, (s) => s.cspMode);
  // A device's size leaves part of the Result empty: shaded, so the View's own edge shows.
  const fixedSize = useStore(controls, (s) => s.size !== 'fill');
  const csp = useMemo(() => buildViewCsp(resource.csp, undefined, cspMode), [resource.csp, cspMode]);
  const src = `${origin}/sandbox?host=${encodeURIComponent(location.origin)}&csp=${encodeCspDomains(resource.csp)}${
    cspMode === 'relaxed' ? '&mode=relaxed' : ''
  }`;
  const allow = allowAttribute(granted);
  const { host, mode, setMode, links, downloads, slotRef, closed } = useViewHost({ ...inputs, src, allow });
  const fullscreen = mode === 'fullscreen';
  return (
    <div className="flex flex-col gap-2 p-3">
      {/* Modal dialogs, on document.body (see LinkPrompt). */}
      <LinkPrompt prompt={links} />
      <LinkPrompt prompt={downloads} download />
      {/* Above the View: reaching it never scrolls the View's frame under the pointer (see ViewToolbar). */}
      <HostControlsPanel controls={controls} mode={mode} onMode={setMode} readOnly={!live} />
      <div className={BOX_CLASSES[mode]} style={mode === 'pip' ? { width: PIP_SIZE.width } : undefined}>
        <ViewToolbar
          uri={resource.uri}
          readAt={resource.readAt}
          fullscreen={fullscreen}
          readOnly={!live}
          onReload={onReload}
          onFullscreen={() => setMode(fullscreen ? 'inline' : 'fullscreen')}
          onInline={mode === 'pip' ? () => setMode('inline') : undefined}
        />
        {closed ? (
          <p role="status" className="p-3 text-sm text-slate-500">
            The View asked to be closed and answered its teardown. "Reload view" opens it again.
          </p>
        ) : (
          <div
            ref={slotRef}
            className={
              mode !== 'inline'
                ? 'min-h-0 flex-1'
                : fixedSize
                  ? 'w-full bg-slate-100 dark:bg-slate-800'
                  : 'w-full'
            }
            style={mode === 'pip' ? { height: PIP_SIZE.height } : undefined}
          />
        )}
      </div>
      {host && <ViewConsolePanel console={host.console} />}
      {host && <ViewNotesPanel notes={host.notes} csp={csp} resource={resource} granted={granted} />}
    </div>
  );
}
