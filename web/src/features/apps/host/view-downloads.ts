/**
 * `ui/download-file` (MCP Apps): a View hands the host files to save, as embedded resources (the data
 * itself) or resource links. Read here into what the page can save, without trusting the View's shapes.
 */

/** One file a View asks to download. */
export type ViewDownload =
  | { kind: 'data'; name: string; mimeType: string; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'link'; name: string; url: string };

/** Most files one request may name (a View cannot flood the page with downloads). */
export const MAX_DOWNLOADS = 10;

/** The files of a `ui/download-file` request, or why it is refused. */
export function readDownloads(contents: unknown): { files: ViewDownload[] } | { refused: string } {
  if (!Array.isArray(contents) || contents.length === 0) return { refused: 'it names no file' };
  if (contents.length > MAX_DOWNLOADS) return { refused: `it names more than ${MAX_DOWNLOADS} files` };
  const files: ViewDownload[] = [];
  for (const item of contents as unknown[]) {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (entry.type === 'resource') {
      const resource = (entry.resource ?? {}) as Record<string, unknown>;
      const uri = typeof resource.uri === 'string' ? resource.uri : 'download';
      const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : 'application/octet-stream';
      let bytes: Uint8Array<ArrayBuffer>;
      if (typeof resource.text === 'string') bytes = new TextEncoder().encode(resource.text);
      else if (typeof resource.blob === 'string') {
        try {
          bytes = Uint8Array.from(atob(resource.blob), (ch) => ch.charCodeAt(0));
        } catch {
          return { refused: `the blob of ${uri} is not valid base64` };
        }
      } else return { refused: `${uri} has neither text nor blob` };
      files.push({ kind: 'data', name: fileName(uri), mimeType, bytes });
    } else if (entry.type === 'resource_link' && typeof entry.uri === 'string') {
      // Only a web address opens; anything else (file:, javascript:, ui:) would reach what the View cannot.
      if (!/^https?:\/\//i.test(entry.uri)) return { refused: `only http(s) links download: ${entry.uri}` };
      files.push({ kind: 'link', name: fileName(entry.uri), url: entry.uri });
    } else return { refused: 'an item is neither an embedded resource nor a resource link' };
  }
  return { files };
}

/** The last segment of a URI, kept to safe characters, as the saved file's name. */
export function fileName(uri: string): string {
  const last =
    uri
      .replace(/[?#].*$/, '')
      .split(/[/\\]/)
      .filter(Boolean)
      .pop() ?? '';
  const safe = last.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return safe.slice(0, 100) || 'download';
}

/** Saves the files (data through an object URL, links in a new tab). */
export function saveDownloads(files: readonly ViewDownload[]): void {
  for (const file of files) {
    if (file.kind === 'link') {
      window.open(file.url, '_blank', 'noopener,noreferrer');
      continue;
    }
    const url = URL.createObjectURL(new Blob([file.bytes], { type: file.mimeType }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file.name;
    anchor.rel = 'noopener';
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
