import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import type { CallEntry } from '../../../calls/call-history.ts';
import { useServices } from '../../../services.ts';
import { useStore } from '../../../ui/use-store.ts';
import { sandboxOrigin } from '../apps-services.ts';
import { toolUiOf } from '../tool-ui.ts';
import type { UiResource } from '../ui-resource.ts';
import { ViewFrame } from './view-frame.tsx';
import { PermissionPrompt } from '../host/permission-prompt.tsx';
import { splitPermissions } from '#shared/view-permissions.ts';
import type { LiveHost } from '../host/view-tool-call.ts';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * A call's View (MCP Apps): its `ui://` resource, read through the session (cached per connection, read
 * again by "Reload view" and the watch), shown in a sandbox proxy iframe on another origin
 * ({@link ViewFrame}). Works from any call entry (a live call, a replay's, a model's), read-only when the
 * services are a replay's.
 */
export function AppView({ call, tool }: { call: CallEntry; tool: Tool }) {
  const services = useServices();
  const { apps, runner, session } = services;
  const readOnly = services.replay !== undefined;
  const uri = toolUiOf(tool).resourceUri;
  const origin = useStore(sandboxOrigin, (s) => s.origin);
  const [read, setResource] = useState<UiResource>();
  // A read of this URI settled anywhere (Reload view, the watch, another View of it) shows here too; after a
  // new connection forgot it, the read this View had stays.
  const settled = useStore(apps.resources, (map) => (uri ? map.get(uri) : undefined));
  const resource = settled ?? read;
  const watching = useStore(apps.controls, (s) => s.watch) && !readOnly;
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
  useEffect(() => (uri && watching ? apps.watch.watch(uri) : undefined), [apps.watch, uri, watching]);
  const reload = useCallback(() => {
    if (uri) void apps.resources.reload(uri).then(setResource);
  }, [apps.resources, uri]);
  const live = useMemo<LiveHost | undefined>(
    () =>
      readOnly
        ? undefined
        : {
            runner,
            tools: () => session.state.get().tools,
            readResource: (u) => session.readResource(u),
            listPage: (method, cursor) => session.listPage(method, cursor),
            declaresResources: () => session.state.get().server?.capabilities.resources !== undefined,
          },
    [readOnly, runner, session],
  );

  if (!uri) return null;
  if (!origin)
    return (
      <p className="p-3 text-sm text-slate-500">This bridge serves no sandbox: Views cannot be shown.</p>
    );
  if (!resource) return <p className="p-3 text-sm text-slate-500">Reading {uri}…</p>;
  if (resource.status === 'error')
    return (
      <div className="flex items-start gap-2 p-3">
        <p role="alert" className="min-w-0 flex-1 text-sm text-red-700 dark:text-red-400">
          Could not read the View {uri}: {resource.message}
        </p>
        <button
          type="button"
          className="shrink-0 rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold dark:border-slate-700"
          onClick={reload}
        >
          Reload view
        </button>
      </div>
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
      live={live}
      controls={apps.controls}
      modelInbox={readOnly ? undefined : apps.modelInbox}
      onReload={reload}
      trace={(frame) => session.trace.append(frame)}
    />
  );
}
