import { Router, type RequestHandler, type Response } from 'express';
import type { HostedMetrics } from './metrics.ts';

/** Paths a load balancer and Prometheus use. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/** Why a process is not ready: `reason` is for anyone (a load balancer), `detail` for the admin's log only. */
export interface NotReady {
  reason: 'stopping' | 'the recordings store does not answer';
  detail?: string;
}

/**
 * /healthz answers while the process runs; /readyz while it can serve: not stopping, and its store
 * reachable (`problem` says what is wrong, or undefined, and `log` keeps its detail). Neither needs
 * credentials; /readyz names what is wrong in a few fixed words, never an address or an error text.
 */
export function healthRoutes(
  problem: () => Promise<NotReady | undefined>,
  log: (problem: string) => void = () => {},
): Router {
  const router = Router();
  router.get(HEALTH_PATH, (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.json({ status: 'ok' });
  });
  router.get(READY_PATH, async (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    const found = await problem();
    // What is wrong in detail is the admin's to read (the store's errors name hosts, users, files): in the log.
    if (found) {
      log(found.detail ?? found.reason);
      response.status(503).json({ status: 'not ready', reason: found.reason });
    } else response.json({ status: 'ready' });
  });
  return router;
}

/** The Prometheus text of `metrics`. */
export function metricsHandler(metrics: HostedMetrics): RequestHandler {
  return async (_request, response) => {
    const { contentType, body } = await metrics.render();
    response.setHeader('Cache-Control', 'no-store');
    response.type(contentType).send(body);
  };
}

/**
 * Lets only the users `mayRead` names (`metrics.users` and `auth.admins`, as the config in force
 * says) read /metrics on the main port: its figures are process-wide, the admin's, not each
 * user's. Runs after sign-in.
 */
export function metricsReaders(
  mayRead: (user: string) => boolean,
  userOf: (response: Response) => string,
): RequestHandler {
  return (_request, response, next) => {
    if (mayRead(userOf(response))) return next();
    response.status(403).json({
      error: '/metrics is for the users named in metrics.users or auth.admins (or serve it on metrics.port)',
    });
  };
}
