import { Router, type RequestHandler, type Response } from 'express';
import type { AdminOverview, ReloadAnswer } from '#shared/hosted-admin.ts';
import type { RecordingLibrary } from '../../recordings/recording-library.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { ConnectedChannels } from '../channels/connected-channels.ts';
import { identityOf } from '../http/require-identity.ts';
import { storeErrors } from '../../http/store-errors.ts';

/** What the admin routes read and act on. */
export interface AdminRouteOptions {
  isAdmin: (user: string) => boolean;
  overview: () => Promise<AdminOverview>;
  connected: ConnectedChannels;
  /** Ends the connection of channel `id` with `reason` (the page shows it); false when there is none. */
  endConnection: (id: string, reason: string) => Promise<boolean>;
  recordings: RecordingLibrary | undefined;
  reload: (by: string) => Promise<ReloadAnswer>;
  audit: AuditLog;
}

/** What the user of a connection an admin ended is told. */
export const ENDED_BY_ADMIN = 'An admin ended this connection.';

/**
 * /api/admin (behind sign-in): for the users named in `auth.admins` only, everyone else gets 403
 * naming that key. The overview, ending any connection, deleting or unsharing any recording, and
 * reloading the config; every action is audited with the admin's name.
 */
export function adminRoutes(options: AdminRouteOptions): Router {
  const router = Router();
  router.use(adminsOnly(options.isAdmin));
  const admin = (response: Response) => identityOf(response).user;

  router.get('/', async (_request, response) => {
    response.setHeader('Cache-Control', 'no-store');
    response.json(await options.overview());
  });

  router.delete('/connections/:id', async (request, response) => {
    const entry = options.connected.findAny(request.params.id);
    if (!entry || !(await options.endConnection(entry.id, ENDED_BY_ADMIN)))
      return void response.status(404).json({ error: 'No such connection (it may have ended already)' });
    const { user, id: channel, server, catalog, transport } = entry;
    options.audit.endConnection(admin(response), { user, channel, server, catalog, transport });
    response.status(204).end();
  });

  router.delete('/recordings/:id', async (request, response) => {
    const library = options.recordings;
    const owner = await library?.userNameOf(request.params.id);
    if (!library || owner === undefined || !(await library.delete(request.params.id)))
      return void response.status(404).json({ error: 'No such recording' });
    options.audit.recording({
      action: 'delete',
      user: admin(response),
      recording: request.params.id,
      owner,
      admin: true,
    });
    response.status(204).end();
  });

  router.delete('/recordings/:id/share', async (request, response) => {
    const library = options.recordings;
    const owner = await library?.userNameOf(request.params.id);
    if (!library || owner === undefined)
      return void response.status(404).json({ error: 'No such recording' });
    await library.unshare(request.params.id);
    options.audit.recording({
      action: 'unshare',
      user: admin(response),
      recording: request.params.id,
      owner,
      admin: true,
    });
    response.status(204).end();
  });

  router.post('/reload', async (_request, response) => {
    const answer = await options.reload(admin(response));
    response.status(answer.ok ? 200 : 422).json(answer);
  });

  router.use((_request, response) => {
    response.status(404).json({ error: 'No such admin route' });
  });
  // The overview and recording actions read the store: 503 naming it while it does not answer.
  if (options.recordings) router.use(storeErrors(options.recordings));
  return router;
}

/** Lets only admins through (after sign-in). */
function adminsOnly(isAdmin: (user: string) => boolean): RequestHandler {
  return (_request, response, next) => {
    if (isAdmin(identityOf(response).user)) return next();
    response.status(403).json({ error: 'Only the users named in auth.admins may do this' });
  };
}
