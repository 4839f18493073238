import express, { Router } from 'express';
import { renameBodySchema, retentionSchema } from '#shared/recordings.ts';
import { parseUntrusted } from '#shared/untrusted-json.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';

/**
 * The token-protected routes under /api/recordings: list, read, rename, delete, share and
 * unshare recordings, and the retention setting.
 */
export function recordingRoutes(recordings: RecordingLibrary | undefined, problem?: string): Router {
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
    const body = parseUntrusted(retentionSchema, request.body);
    if (!body.ok) return badRequest(response, body.error);
    store.retentionDays = body.value.retentionDays;
    response.json({ retentionDays: store.retentionDays });
  });
  router.get('/:id', (request, response) => {
    const snapshot = store.snapshot(request.params.id);
    if (!snapshot) return notFound(response);
    response.json(snapshot);
  });
  router.patch('/:id', (request, response) => {
    const body = parseUntrusted(renameBodySchema, request.body);
    if (!body.ok) return badRequest(response, body.error);
    if (!store.rename(request.params.id, body.value.name)) return notFound(response);
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

/** A body that does not fit its schema: the error names the field, `name: must be 1 to 200 characters`. */
function badRequest(response: express.Response, error: string): void {
  response.status(400).json({ error });
}

function notFound(response: express.Response): void {
  response.status(404).json({ error: 'No such recording' });
}
