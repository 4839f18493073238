/** Long enough for the browser to start reading the blob; the URL is useless after that. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves data as a file. The object URL is made on click and revoked soon after, so large results
 * do not stay pinned in memory; the `download` attribute makes the browser save, never render, it.
 */
export function saveFile(data: BlobPart, fileName: string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
