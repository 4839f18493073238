import { TOKEN_PARAM } from '#shared/bridge-protocol.ts';

/** Where this tab keeps the bridge token (sessionStorage: this tab only). */
export const STORAGE_KEY = 'toolscope.token';

/**
 * Takes the bridge token from the page URL, then removes it from the address bar (so it does
 * not end up in bookmarks, screenshots or shared links) and keeps it for this tab only.
 */
export function takeTokenFromUrl(): string | undefined {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    url.searchParams.delete(TOKEN_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}
