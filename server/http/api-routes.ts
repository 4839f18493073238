import { Router, type RequestHandler } from 'express';
import type { ServerTarget } from '#shared/targets.ts';
import type { AccessGuard } from './access-guard.ts';
import type { BridgeConfigResponse } from '#shared/api-types.ts';
import type { RecordingStatus } from '#shared/recordings.ts';
import { MODERN_REVISION } from '#shared/targets.ts';
import { demoServerTarget } from '../demo-target.ts';

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
      ...(isDemo(options.target)
        ? { initialTargetEra: { era: 'modern', revision: MODERN_REVISION, source: 'built-in demo server' } }
        : {}),
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

/**
 * True for the built-in demo server (ours: it speaks 2026-07-28 besides the legacy handshake), so the
 * page's Auto can skip its probe on the first connect, as it does for a target it remembers.
 */
export function isDemo(target: ServerTarget | undefined): boolean {
  if (target?.transport !== 'stdio' || (target.era ?? 'auto') !== 'auto') return false;
  const demo = demoServerTarget();
  return (
    target.command === demo.command &&
    JSON.stringify(target.args) === JSON.stringify(demo.args) &&
    target.cwd === demo.cwd &&
    Object.keys(target.env ?? {}).length === 0
  );
}
