import type { RequestHandler } from 'express';
export { SITE_CHECK_PATH } from '#shared/hosted.ts';
import type { AccessGuard } from '../../http/access-guard.ts';

/**
 * {@link SITE_CHECK_PATH}, POST: whether a page at this address may use the bridge. A browser tells
 * a page nothing about a refused WebSocket; this request carries the same Host and Origin as the
 * page's sockets (a POST from a script always sends its Origin), so a page whose sockets are
 * refused asks here why, and shows which setting to change instead of trying again for ever. No
 * sign-in needed: it says nothing the refusal itself would not.
 *
 * Answers 204 when the page's Host and Origin are the bridge's, else 403 with the reason. */
export function siteCheck(guard: AccessGuard): RequestHandler {
  return (request, response) => {
    const refusal = guard.checkSite(request);
    response.setHeader('Cache-Control', 'no-store');
    if (refusal) response.status(refusal.status).json({ error: refusal.reason });
    else response.status(204).end();
  };
}
