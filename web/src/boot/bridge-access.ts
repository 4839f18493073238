import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';
import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { STORAGE_KEY, takeTokenFromUrl } from '../lib/page-token.ts';

export { takeTokenFromUrl };

/** Keeps a token the user pasted, for this tab only. */
export function storeToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, token);
}

/** Reads the bridge's configuration; throws a readable error when the token is missing or wrong. */
export async function fetchBridgeConfig(token: string): Promise<BridgeConfigResponse> {
  const response = await fetch('/api/config', { headers: { [TOKEN_HEADER]: token } });
  if (response.status === 401)
    throw new Error('The bridge refused the access token. Open the link Toolscope printed.');
  if (!response.ok) throw new Error(`The bridge answered ${response.status} ${response.statusText}`);
  return (await response.json()) as BridgeConfigResponse;
}

/** The token header, when there is a token (hosted mode signs in with a cookie or the SSO proxy's header instead). */
function tokenHeaders(token: string): Record<string, string> {
  return token ? { [TOKEN_HEADER]: token } : {};
}

/** Asks whether the bridge is back: 'up', 'refused' (it has another token now) or 'down'. */
export async function probeBridge(token: string): Promise<'up' | 'refused' | 'down'> {
  try {
    const response = await fetch('/api/config', { headers: tokenHeaders(token), cache: 'no-store' });
    if (response.ok) return 'up';
    return response.status === 401 ? 'refused' : 'down';
  } catch {
    return 'down';
  }
}
