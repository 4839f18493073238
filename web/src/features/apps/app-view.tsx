import { useEffect, useMemo, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import type { CallEntry } from '../../calls/call-history.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { sandboxOrigin } from './apps-services.ts';
import { toolUiOf } from './tool-ui.ts';
import type { UiResource } from './ui-resource.ts';
import { ViewFrame } from './view-frame.tsx';
import { PermissionPrompt } from './permission-prompt.tsx';
import { splitPermissions } from '#shared/view-permissions.ts';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * A call's View (MCP Apps): its `ui://` resource, read through the session (cached per connection), shown in
 * a sandbox proxy iframe on another origin ({@link ViewFrame}). Works from any
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
