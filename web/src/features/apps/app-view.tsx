import { useEffect, useMemo, useRef, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { buildViewCsp, encodeCspDomains } from '#shared/view-csp.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { sandboxOrigin } from './apps-services.ts';
import { toolUiOf } from './tool-ui.ts';
import type { UiResource } from './ui-resource.ts';
import { ViewHost } from './view-host.ts';
import { ViewToolbar } from './view-toolbar.tsx';
import { ViewNotesPanel } from './view-notes-panel.tsx';
import { LinkPrompt, useLinkPrompt } from './link-prompt.tsx';
import { PermissionPrompt } from './permission-prompt.tsx';
import { allowAttribute, splitPermissions } from '#shared/view-permissions.ts';

const DEFAULT_HEIGHT = 360;
const MAX_INLINE_HEIGHT = 2000;
const NO_PERMISSIONS: readonly string[] = [];

/**
 * A call's View (MCP Apps): its `ui://` resource, read through the session (cached per connection), shown in
 * a sandbox proxy iframe on another origin, with the host protocol run by {@link ViewHost}. Works from any
 * call entry (a live call, a replay's, a model's), read-only when the services are a replay's.
 */
export function AppView({ call, tool }: { call: CallEntry; tool: Tool }) {
  const services = useServices();
  const { apps, runner, session } = services;
  const readOnly = services.replay !== undefined;
  const uri = toolUiOf(tool).resourceUri;
  const origin = useStore(sandboxOrigin, (s) => s.origin);
  const [resource, setResource] = useState<UiResource>();
  const requested = resource?.status === 'ok' ? resource.permissions : NO_PERMISSIONS;
  const { known, unknown } = useMemo(() => splitPermissions(requested), [requested]);
  const decision = useStore(apps.permissions, () =>
    uri ? apps.permissions.decisionFor(uri, known) : undefined,
  );
  useEffect(() => {
    if (!uri) return;
    let current = true;
    void apps.resources.read(uri).then((read) => current && setResource(read));
    return () => {
      current = false;
    };
  }, [apps.resources, uri]);

  if (!uri) return null;
  if (!origin)
    return (
      <p className="p-3 text-sm text-slate-500">This bridge serves no sandbox: Views cannot be shown.</p>
    );
  if (!resource) return <p className="p-3 text-sm text-slate-500">Reading {uri}…</p>;
  if (resource.status === 'error')
    return (
      <p role="alert" className="p-3 text-sm text-red-700 dark:text-red-400">
        Could not read the View {uri}: {resource.message}
      </p>
    );
  // A replay's View is granted nothing; a live one asks the user first when it wants anything.
  const granted = readOnly || known.length === 0 ? NO_PERMISSIONS : decision?.granted;
  if (!granted)
    return (
      <div className="p-3">
        <PermissionPrompt
          requested={known}
          ignored={unknown}
          onAnswer={(allow) => apps.permissions.decide(resource.uri, known, allow)}
        />
      </div>
    );
  return (
    <ViewFrame
      call={call}
      granted={granted}
      tool={tool}
      resource={resource}
      origin={origin}
      live={
        readOnly
          ? undefined
          : { runner, tools: () => session.state.get().tools, readResource: (u) => session.readResource(u) }
      }
      trace={(frame) => session.trace.append(frame)}
    />
  );
}

function ViewFrame({
  granted,
  call,
  tool,
  resource,
  origin,
  live,
  trace,
}: {
  granted: readonly string[];
  call: CallEntry;
  tool: Tool;
  resource: Extract<UiResource, { status: 'ok' }>;
  origin: string;
  live: ConstructorParameters<typeof ViewHost>[0]['live'];
  trace: ConstructorParameters<typeof ViewHost>[0]['trace'];
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(DEFAULT_HEIGHT);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [generation, setGeneration] = useState(0);
  const [host, setHost] = useState<ViewHost>();
  const links = useLinkPrompt();
  const downloads = useLinkPrompt();
  const csp = useMemo(() => buildViewCsp(resource.csp), [resource.csp]);
  const src = `${origin}/sandbox?host=${encodeURIComponent(location.origin)}&csp=${encodeCspDomains(resource.csp)}`;
  const callRef = useRef(call);
  const liveRef = useRef(live);
  const traceRef = useRef(trace);

  useEffect(() => {
    const created = new ViewHost({
      proxy: () => frameRef.current?.contentWindow,
      sandboxOrigin: origin,
      call: callRef.current,
      tool,
      resource,
      trace: (frame) => traceRef.current(frame),
      live: liveRef.current,
      granted,
      container: () => {
        const box = boxRef.current?.getBoundingClientRect();
        return { width: box?.width ?? 600, maxHeight: Math.max(window.innerHeight - 80, 200) };
      },
      events: {
        resize: (h) => {
          if (typeof h === 'number' && Number.isFinite(h))
            setHeight(Math.min(Math.max(Math.ceil(h), 40), MAX_INLINE_HEIGHT));
        },
        displayMode: (wanted) => {
          const next = wanted === 'fullscreen' ? 'fullscreen' : 'inline';
          setMode(next);
          return next;
        },
        confirmLink: links.ask,
        confirmDownload: downloads.ask,
      },
    });
    setHost(created);
    void created.start();
    return () => {
      void created.close();
    };
  }, [origin, tool, resource, generation, links.ask, downloads.ask, granted]);

  useEffect(() => host?.callUpdated(call), [host, call]);
  useEffect(() => host?.setDisplayMode(mode), [host, mode]);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => host.resized());
    observer.observe(box);
    return () => observer.disconnect();
  }, [host]);
  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMode('inline');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  const fullscreen = mode === 'fullscreen';
  return (
    <div className="flex flex-col gap-2 p-3">
      {/* Above the View: a View that resizes itself never moves a question under the cursor. */}
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
          onReload={() => setGeneration((g) => g + 1)}
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
          style={fullscreen ? undefined : { height }}
        />
      </div>
      {host && <ViewNotesPanel notes={host.notes} csp={csp} resource={resource} granted={granted} />}
    </div>
  );
}
