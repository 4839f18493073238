import { SITE_CHECK_PATH } from '#shared/hosted.ts';
import { isRecord } from '#shared/untrusted-json.ts';

/**
 * Why the bridge refuses pages at this address (its Host or Origin), in its words, which name the
 * setting to change; undefined when it does not (or cannot say: a bridge without the check).
 */
export async function siteProblem(): Promise<string | undefined> {
  try {
    const response = await fetch(SITE_CHECK_PATH, { method: 'POST', cache: 'no-store' });
    if (response.status !== 403) return undefined;
    const body: unknown = await response.json().catch(() => undefined);
    const reason = isRecord(body) && typeof body.error === 'string' ? body.error : response.statusText;
    return `The bridge refuses this page's address: ${reason}`;
  } catch {
    return undefined;
  }
}
