import express, { Router } from 'express';
import { MAX_RECORDING_NAME, MAX_RETENTION_DAYS } from '#shared/recordings.ts';
import type { Recordings } from '../store/recordings.ts';

/**
 * The token-protected routes under /api/recordings: list, read, rename, delete, share and
 * unshare recordings, and the retention setting.
 */
export function recordingRoutes(recordings: Recordings | undefined, problem?: string): Router {
  const router = Router();
  if (!recordings) {
    router.use((_request, response) => {
      response.status(503).json({ error: `Recording is off: ${problem ?? 'started with --no-record'}` });
    });
    return router;
  }
  const store = recordings;
  router.use(express.json({ limit: '16kb' }));

  router.get('/', (_request, response) => {
    response.json(store.list());
  });
  router.put('/settings', (request, response) => {
    const days = (request.body as { retentionDays?: unknown } | undefined)?.retentionDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_RETENTION_DAYS) {
      response
        .status(400)
        .json({ error: `retentionDays must be a whole number from 0 to ${MAX_RETENTION_DAYS}` });
      return;
    }
    store.retentionDays = days;
    response.json({ retentionDays: store.retentionDays });
  });
  router.get('/:id', (request, response) => {
    const snapshot = store.snapshot(request.params.id);
    if (!snapshot) return notFound(response);
    response.json(snapshot);
  });
  router.patch('/:id', (request, response) => {
    const name = (request.body as { name?: unknown } | undefined)?.name;
    if (typeof name !== 'string' || !name.trim() || name.length > MAX_RECORDING_NAME) {
      response.status(400).json({ error: `name must be 1 to ${MAX_RECORDING_NAME} characters` });
      return;
    }
    if (!store.rename(request.params.id, name.trim())) return notFound(response);
    response.json(store.get(request.params.id));
  });
  router.delete('/:id', (request, response) => {
    if (!store.delete(request.params.id)) return notFound(response);
    response.status(204).end();
  });
  router.post('/:id/share', (request, response) => {
    const shareId = store.share(request.params.id);
    if (!shareId) return notFound(response);
    response.json(store.get(request.params.id));
  });
  router.delete('/:id/share', (request, response) => {
    if (!store.get(request.params.id)) return notFound(response);
    store.unshare(request.params.id);
    response.json(store.get(request.params.id));
  });
  return router;
}

function notFound(response: express.Response): void {
  response.status(404).json({ error: 'No such recording' });
}
