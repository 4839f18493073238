/** The MCP Apps services (no views): what the feature builds for each session, live or replay. */
import type { McpSession } from '#client/session/mcp-session.ts';
import { Store } from '#client/lib/store.ts';
import { AppsSettings, appsExtension } from './apps-extension.ts';
import { UiResourceCache } from './ui-resource.ts';
import { recordedResource } from './recorded-resource.ts';
import { PermissionGrants } from './host/permission-grants.ts';
import { HostControls } from './developer/host-controls.ts';
import { ResourceWatch } from './developer/resource-watch.ts';
import { ViewModelInbox } from './model/view-model-inbox.ts';
/** The MCP Apps services of one session (live or replay). */
export interface AppsServices {
  settings: AppsSettings;
  /** The `ui://` resources read on the current connection. */
  resources: UiResourceCache;
  /** Whether the extension was declared on the current connection (undefined: not connected). */
  declared: Store<{ declared: boolean | undefined }>;
  /** The user's answers to Views' permission requests on the current connection. */
  permissions: PermissionGrants;
  /** The host a View is shown in (theme, locale, device, CSP mode, watch), chosen by its developer. */
  controls: HostControls;
  /** Reads Views' resources again when the server says they changed (while the watch is on). */
  watch: ResourceWatch;
  /** Views' messages and context for the model, waiting in the Chat for the user. */
  modelInbox: ViewModelInbox;
}

/** Builds the feature's services and plugs its extension into the session. */
export function createApps(session: McpSession, settings = new AppsSettings()): AppsServices {
  // Connected: ask the server. Not connected (a replay): the read the recording holds.
  const resources = new UiResourceCache(async (uri) =>
    session.currentClient ? session.readResource(uri) : recordedResource(session.trace.get().frames, uri),
  );
  const declared = new Store<{ declared: boolean | undefined }>({ declared: undefined });
  const permissions = new PermissionGrants();
  session.use(appsExtension(settings, resources, declared, permissions));
  const watch = new ResourceWatch(session, (uri) => void resources.reload(uri));
  const modelInbox = new ViewModelInbox();
  return { settings, resources, declared, permissions, controls: new HostControls(), watch, modelInbox };
}

/**
 * The sandbox proxy's origin, from the bridge's config (a page-wide fact: one bridge serves the page).
 * Undefined until the page boots, or when the bridge serves no sandbox: then no View is shown.
 */
export const sandboxOrigin = new Store<{ origin: string | undefined }>({ origin: undefined });
