import { useMemo } from 'react';
import { buildViewCsp, encodeCspDomains } from '#shared/view-csp.ts';
import { allowAttribute } from '#shared/view-permissions.ts';
import { LinkPrompt } from './link-prompt.tsx';
import { useViewHost, type ViewHostInputs } from './use-view-host.ts';
import { ViewNotesPanel } from './view-notes-panel.tsx';
import { ViewToolbar } from './view-toolbar.tsx';

/**
 * A View on screen: the sandbox proxy iframe (another origin) under its toolbar, inline or full screen, the
 * host's questions for it, and what it sent ("From the View") below. The host protocol is {@link useViewHost}'s.
 */
export function ViewFrame(inputs: ViewHostInputs) {
  const { granted, resource, origin, live } = inputs;
  const { host, mode, setMode, links, downloads, boxRef, frameRef, height, generation, reload } =
    useViewHost(inputs);
  const csp = useMemo(() => buildViewCsp(resource.csp), [resource.csp]);
  const src = `${origin}/sandbox?host=${encodeURIComponent(location.origin)}&csp=${encodeCspDomains(resource.csp)}`;
  const fullscreen = mode === 'fullscreen';
  return (
    <div className="flex flex-col gap-2 p-3">
      {/* Modal dialogs, on document.body (see LinkPrompt). */}
      <LinkPrompt prompt={links} />
      <LinkPrompt prompt={downloads} download />
      <div
        ref={boxRef}
        className={
          fullscreen
            ? 'fixed inset-0 z-40 flex flex-col bg-white dark:bg-slate-950'
            : 'flex flex-col rounded-md border-2 border-dashed border-indigo-300 dark:border-indigo-800'
        }
      >
        <ViewToolbar
          uri={resource.uri}
          fullscreen={fullscreen}
          readOnly={!live}
          onReload={reload}
          onFullscreen={() => setMode(fullscreen ? 'inline' : 'fullscreen')}
        />
        <iframe
          key={generation}
          ref={frameRef}
          title="MCP App View"
          src={src}
          sandbox="allow-scripts allow-same-origin"
          allow={allowAttribute(granted) || undefined}
          referrerPolicy="no-referrer"
          className={`w-full border-0 bg-transparent ${fullscreen ? 'min-h-0 flex-1' : ''}`}
          // Chromium paints a frame opaque (white or near black) when its colour scheme differs from its
          // document's: the sandbox page and the demo's Views say "light dark", so the frame says it too and
          // stays transparent over the panel in either theme.
          style={fullscreen ? { colorScheme: 'light dark' } : { height: height, colorScheme: 'light dark' }}
        />
      </div>
      {host && <ViewNotesPanel notes={host.notes} csp={csp} resource={resource} granted={granted} />}
    </div>
  );
}
