import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { SessionExtension } from '#client/session/session-extension.ts';
import { Store } from '#client/lib/store.ts';
import { loadJson, saveJson } from '#client/lib/local-storage.ts';
import type { UiResourceCache } from './ui-resource.ts';
import type { PermissionGrants } from './host/permission-grants.ts';
import { VIEW_MIME_TYPE } from './ui-resource.ts';

/** The extension's id, declared under `capabilities.extensions` in both protocol eras. */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';

const STORAGE_KEY = 'toolscope.mcp-apps';

/** Whether the page declares MCP Apps support (on by default; servers may hide UI tools without it). */
export class AppsSettings extends Store<{ enabled: boolean }> {
  constructor(private readonly storageKey: string | null = STORAGE_KEY) {
    const stored = storageKey ? loadJson<unknown>(storageKey, {}) : {};
    const enabled = (stored as { enabled?: unknown } | null)?.enabled;
    super({ enabled: typeof enabled === 'boolean' ? enabled : true });
  }

  setEnabled(enabled: boolean): void {
    this.update({ enabled });
    if (this.storageKey) saveJson(this.storageKey, this.get());
  }
}

/**
 * Declares the MCP Apps extension at each connect (when the setting is on) and forgets the View resources
 * read on the previous connection, and the permissions the user granted on it.
 */
export function appsExtension(
  settings: AppsSettings,
  resources: UiResourceCache,
  declared: Store<{ declared: boolean | undefined }>,
  permissions?: PermissionGrants,
): SessionExtension {
  let pending = settings.get().enabled;
  return {
    capabilities(): ClientCapabilities {
      pending = settings.get().enabled;
      if (!pending) return {};
      return { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } } } as ClientCapabilities;
    },
    attach() {
      resources.clear();
      permissions?.clear();
      declared.update({ declared: pending });
    },
    detach() {
      resources.clear();
      permissions?.clear();
      declared.update({ declared: undefined });
    },
  };
}
