import express, { Router } from 'express';
import { renameBodySchema, retentionSchema } from '#shared/recordings.ts';
import { parseUntrusted } from '#shared/untrusted-json.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import { storeErrors } from './store-errors.ts';

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

  // Express 5 passes a rejected promise to the error handler (a JSON 500, see json-errors.ts).
  router.get('/', async (_request, response) => {
    response.json(await store.list());
  });
  router.put('/settings', async (request, response) => {
    const body = parseUntrusted(retentionSchema, request.body);
    if (!body.ok) return badRequest(response, body.error);
    await store.setRetentionDays(body.value.retentionDays);
    response.json({ retentionDays: await store.getRetentionDays() });
  });
  router.get('/:id', async (request, response) => {
    const snapshot = await store.snapshot(request.params.id);
    if (!snapshot) return notFound(response);
    response.json(snapshot);
  });
  router.patch('/:id', async (request, response) => {
    const body = parseUntrusted(renameBodySchema, request.body);
    if (!body.ok) return badRequest(response, body.error);
    if (!(await store.rename(request.params.id, body.value.name))) return notFound(response);
    response.json(await store.get(request.params.id));
  });
  router.delete('/:id', async (request, response) => {
    if (!(await store.delete(request.params.id))) return notFound(response);
    response.status(204).end();
  });
  router.post('/:id/share', async (request, response) => {
    const shareId = await store.share(request.params.id);
    if (!shareId) return notFound(response);
    response.json(await store.get(request.params.id));
  });
  router.delete('/:id/share', async (request, response) => {
    if (!(await store.get(request.params.id))) return notFound(response);
    await store.unshare(request.params.id);
    response.json(await store.get(request.params.id));
  });
  router.use(storeErrors(store));
  return router;
}

/** A body that does not fit its schema: the error names the field, `name: must be 1 to 200 characters`. */
function badRequest(response: express.Response, error: string): void {
  response.status(400).json({ error });
}

function notFound(response: express.Response): void {
  response.status(404).json({ error: 'No such recording' });
}
