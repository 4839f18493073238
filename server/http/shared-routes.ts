import { Router, type RequestHandler } from 'express';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import type { AccessGuard } from './access-guard.ts';
import { storeErrors } from './store-errors.ts';

/** Refuses requests from a foreign Host or Origin (no token needed: share ids stand in for it). */
export function requireSameSite(guard: AccessGuard): RequestHandler {
  return (request, response, next) => {
    const refusal = guard.checkSite(request);
    if (!refusal) return next();
    response.status(refusal.status).json({ error: refusal.reason });
  };
}

/**
 * The public routes under /api/shared: a shared recording by its unguessable share id, read-only.
 * Unknown, withdrawn and malformed ids all answer the same 404. The answer names the bridge's
 * sandbox origin too, so that the replay can show a recorded MCP App's View.
 */
export function sharedRoutes(recordings: RecordingLibrary | undefined, sandboxOrigin?: string): Router {
  const router = Router();
  router.get('/:shareId', async (request, response) => {
    const summary = await recordings?.findShared(request.params.shareId);
    const snapshot = summary && (await recordings?.snapshot(summary.id));
    if (!snapshot) {
      response.status(404).json({ error: 'This share link does not exist or was withdrawn.' });
      return;
    }
    response.setHeader('Cache-Control', 'no-store');
    response.json(sandboxOrigin ? { ...snapshot, sandboxOrigin } : snapshot);
  });
  router.use((_request, response) => {
    response.status(404).json({ error: 'No such API route' });
  });
  if (recordings) router.use(storeErrors(recordings));
  return router;
}
