import express, { Router, type Response } from 'express';
import { renameBodySchema } from '#shared/recordings.ts';
import { parseUntrusted } from '#shared/untrusted-json.ts';
import type { RecordingLibrary } from '../../recordings/recording-library.ts';
import type { AuditLog, RecordingChange } from '../audit/audit-log.ts';
import { storeErrors } from '../../http/store-errors.ts';
import { identityOf } from '../http/require-identity.ts';
import type { OwnedRecordings } from './owned-recordings.ts';

/**
 * /api/recordings in hosted mode: the routes of the single-user bridge, each limited to the
 * signed-in user's own recordings. Another user's recording answers 404, as an unknown one does,
 * so ids cannot be probed. Retention is the admin's (store.retentionDays), not settable here.
 * Express 5 passes a rejected promise (the store failed) to the JSON error handler. Every share,
 * unshare and delete is audited.
 */
export function ownedRecordingRoutes(
  owned: OwnedRecordings,
  library: RecordingLibrary,
  audit: AuditLog,
): Router {
  const router = Router();
  router.use(express.json({ limit: '16kb' }));
  const mine = (response: Response, id: string): Promise<boolean> =>
    owned.isOwner(identityOf(response).user, id);
  const audited = (response: Response, action: RecordingChange['action'], recording: string) => {
    const user = identityOf(response).user;
    audit.recording({ action, user, recording, owner: user });
  };

  router.get('/', async (_request, response) => {
    response.json(await owned.listOwned(identityOf(response).user));
  });
  router.put('/settings', (_request, response) => {
    response.status(403).json({ error: "Retention is set in the bridge's config (store.retentionDays)" });
  });
  router.get('/:id', async (request, response) => {
    const snapshot = (await mine(response, request.params.id)) && (await library.snapshot(request.params.id));
    if (!snapshot) return notFound(response);
    response.json(snapshot);
  });
  router.patch('/:id', async (request, response) => {
    if (!(await mine(response, request.params.id))) return notFound(response);
    const body = parseUntrusted(renameBodySchema, request.body);
    if (!body.ok) return void response.status(400).json({ error: body.error });
    await library.rename(request.params.id, body.value.name);
    response.json(await library.get(request.params.id));
  });
  router.delete('/:id', async (request, response) => {
    if (!(await mine(response, request.params.id)) || !(await library.delete(request.params.id)))
      return notFound(response);
    audited(response, 'delete', request.params.id);
    response.status(204).end();
  });
  router.post('/:id/share', async (request, response) => {
    if (!(await mine(response, request.params.id)) || !(await library.share(request.params.id)))
      return notFound(response);
    audited(response, 'share', request.params.id);
    response.json(await library.get(request.params.id));
  });
  router.delete('/:id/share', async (request, response) => {
    if (!(await mine(response, request.params.id))) return notFound(response);
    await library.unshare(request.params.id);
    audited(response, 'unshare', request.params.id);
    response.json(await library.get(request.params.id));
  });
  router.use(storeErrors(library));
  return router;
}

function notFound(response: Response): void {
  response.status(404).json({ error: 'No such recording' });
}
