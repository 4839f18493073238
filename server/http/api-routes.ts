import { Router, type RequestHandler } from 'express';
import type { ServerTarget } from '#shared/targets.ts';
import type { AccessGuard } from './access-guard.ts';
import type { BridgeConfigResponse } from '#shared/api-types.ts';
import type { RecordingStatus } from '#shared/recordings.ts';

/** Refuses API requests that fail the access guard. */
export function requireAccess(guard: AccessGuard): RequestHandler {
  return (request, response, next) => {
    const refusal = guard.check(request);
    if (!refusal) return next();
    response.status(refusal.status).json({ error: refusal.reason });
  };
}

/** The JSON API under /api: what the page needs to know about this bridge. */
export function apiRoutes(options: {
  target: ServerTarget | undefined;
  version: string;
  graceMs: number;
  recording: RecordingStatus;
  sandboxOrigin?: string;
}): Router {
  const router = Router();
  router.get('/config', (_request, response) => {
    const body: BridgeConfigResponse = {
      version: options.version,
      initialTarget: options.target ?? null,
      graceMs: options.graceMs,
      recording: options.recording,
      ...(options.sandboxOrigin ? { sandboxOrigin: options.sandboxOrigin } : {}),
    };
    response.json(body);
  });
  router.use((_request, response) => {
    response.status(404).json({ error: 'No such API route' });
  });
  return router;
}
