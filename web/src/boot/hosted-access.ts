import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { NEXT_PARAM, SIGN_IN_PATH } from '#shared/hosted.ts';

/** What a page opened without a bridge token finds: a hosted bridge that knows the user, a sign-in to go to, or neither. */
export type HostedAccess =
  | {
      kind: 'signed-in';
      config: BridgeConfigResponse & { hosted: NonNullable<BridgeConfigResponse['hosted']> };
    }
  | { kind: 'sign-in'; url: string }
  | { kind: 'none' };

/**
 * Asks the bridge who the user is with what the browser sends by itself (the sign-in cookie, or the
 * SSO proxy's header added on the way). A hosted bridge that does not know the user names its
 * sign-in page; a single-user bridge answers 401 without one.
 */
export async function findHostedAccess(location: Location): Promise<HostedAccess> {
  let response: Response;
  try {
    response = await fetch('/api/config', { cache: 'no-store' });
  } catch {
    return { kind: 'none' };
  }
  if (response.ok) {
    const config = (await response.json()) as BridgeConfigResponse;
    return config.hosted
      ? { kind: 'signed-in', config: { ...config, hosted: config.hosted } }
      : { kind: 'none' };
  }
  if (response.status !== 401) return { kind: 'none' };
  const body = (await response.json().catch(() => ({}))) as { signIn?: unknown };
  if (body.signIn !== SIGN_IN_PATH) return { kind: 'none' };
  const back = location.pathname + location.search + location.hash;
  return { kind: 'sign-in', url: `${SIGN_IN_PATH}?${NEXT_PARAM}=${encodeURIComponent(back)}` };
}
