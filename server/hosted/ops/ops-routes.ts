import { Router, type RequestHandler } from 'express';
import type { HostedMetrics } from './metrics.ts';

/** Paths a load balancer and Prometheus use. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/**
 * /healthz answers while the process runs; /readyz while it can serve: not stopping, and its store
 * reachable (`problem` says what is wrong, or undefined). Neither needs credentials nor says more
 * than that.
 */
export function healthRoutes(problem: () => Promise<string | undefined>): Router {
  const router = Router();
  router.get(HEALTH_PATH, (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.json({ status: 'ok' });
  });
  router.get(READY_PATH, async (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    const found = await problem();
    if (found) response.status(503).json({ status: 'not ready', problem: found });
    else response.json({ status: 'ready' });
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
