import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { readCspDomains, type ViewCspDomains } from '#shared/view-csp.ts';

/** The MIME type the extension requires of a View's resource. */
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

/** A View's HTML and what its resource declares, or why it cannot be shown. */
export type UiResource =
  | {
      status: 'ok';
      uri: string;
      html: string;
      mimeType: string | undefined;
      csp: ViewCspDomains;
      /** Permissions asked for (`_meta.ui.permissions`): camera, microphone, geolocation, clipboardWrite. */
      permissions: string[];
      prefersBorder: boolean | undefined;
      /** Problems worth telling the app's developer (wrong MIME type…), the View is shown anyway. */
      warnings: string[];
      /** When it was read (Reload view and the watch read it again). */
      readAt: number;
    }
  | { status: 'error'; uri: string; message: string };

/** Reads the answer to `resources/read` of a `ui://` resource: its HTML (text or base64 blob) and `_meta.ui`. */
export function readUiResource(uri: string, result: ReadResourceResult | undefined): UiResource {
  const contents = Array.isArray(result?.contents) ? result.contents : [];
  const content = (contents.find((c) => c.uri === uri) ?? contents[0]) as Record<string, unknown> | undefined;
  if (!content)
    return { status: 'error', uri, message: 'The server answered resources/read with no content' };
  let html: string;
  if (typeof content.text === 'string') html = content.text;
  else if (typeof content.blob === 'string') {
    try {
      html = new TextDecoder().decode(Uint8Array.from(atob(content.blob), (ch) => ch.charCodeAt(0)));
    } catch {
      return { status: 'error', uri, message: 'The resource blob is not valid base64' };
    }
  } else return { status: 'error', uri, message: 'The resource has neither text nor blob' };
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType : undefined;
  const warnings: string[] = [];
  if (mimeType?.replace(/\s/g, '') !== VIEW_MIME_TYPE)
    warnings.push(`MIME type is ${mimeType ?? 'absent'}, the extension requires ${VIEW_MIME_TYPE}`);
  // _meta.ui may sit on the content (the extension's place) or, in older servers, on the result.
  const meta = uiMeta(content._meta) ?? uiMeta((result as { _meta?: unknown } | undefined)?._meta) ?? {};
  const permissions =
    typeof meta.permissions === 'object' && meta.permissions !== null ? Object.keys(meta.permissions) : [];
  return {
    status: 'ok',
    uri,
    html,
    mimeType,
    csp: readCspDomains(meta.csp),
    permissions,
    prefersBorder: typeof meta.prefersBorder === 'boolean' ? meta.prefersBorder : undefined,
    warnings,
    readAt: Date.now(),
  };
}

function uiMeta(meta: unknown): Record<string, unknown> | undefined {
  const ui = (meta as { ui?: unknown } | undefined)?.ui;
  return typeof ui === 'object' && ui !== null ? (ui as Record<string, unknown>) : undefined;
}

/**
 * The `ui://` resources read on this connection: each is read once (the first caller's request is shared),
 * and forgotten when the connection changes, since another server may answer the same URI differently.
 */
export class UiResourceCache {
  private readonly entries = new Map<string, Promise<UiResource>>();
  private readonly rereading = new Map<string, Promise<UiResource>>();
  private settled = new Map<string, UiResource>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly fetchResource: (uri: string) => Promise<ReadResourceResult>) {}

  /** The resource, read now or earlier on this connection. */
  read(uri: string): Promise<UiResource> {
    return this.entries.get(uri) ?? this.fetch(uri);
  }

  /**
   * Reads the resource again (Reload view, the watch), for every View of it: a developer who rebuilt the View
   * sees the new one without reconnecting. A read already under way is shared.
   */
  reload(uri: string): Promise<UiResource> {
    return this.rereading.get(uri) ?? this.fetch(uri, true);
  }

  private fetch(uri: string, again = false): Promise<UiResource> {
    const read: Promise<UiResource> = this.fetchResource(uri).then(
      (result) => readUiResource(uri, result),
      (error: unknown) => ({
        status: 'error' as const,
        uri,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    const entry = read.then((resource) => {
      if (again) this.rereading.delete(uri);
      if (this.entries.get(uri) === entry) this.settle(resource);
      return resource;
    });
    this.entries.set(uri, entry);
    if (again) this.rereading.set(uri, entry);
    return entry;
  }

  /** What is known now without reading: the settled resource, if it was read. */
  peek(uri: string): UiResource | undefined {
    return this.settled.get(uri);
  }

  /** Puts a resource known from elsewhere (a replay's recorded read). */
  put(resource: UiResource): void {
    this.entries.set(resource.uri, Promise.resolve(resource));
    this.settle(resource);
  }

  /** Forgets every resource (a new connection). */
  clear(): void {
    this.entries.clear();
    this.rereading.clear();
    this.settled = new Map();
    for (const listener of this.listeners) listener();
  }

  /** The settled resources; a new map after every change (for React). */
  get = (): ReadonlyMap<string, UiResource> => this.settled;

  private settle(resource: UiResource): void {
    this.settled = new Map(this.settled).set(resource.uri, resource);
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
