import type { McpSession } from '#client/session/mcp-session.ts';
import { CapabilitySettings } from './capability-settings.ts';
import { NotificationLog } from '../server-log/notification-log.ts';
import { NotificationCollector, collectObserved } from '../server-log/notification-collector.ts';
import { RootsStore } from './roots-store.ts';
import { ServerControls } from '../server-log/server-controls.ts';
import { ServerRequestQueue } from './server-request-queue.ts';
import { ServerRequestsExtension } from './server-requests-extension.ts';
import { duringOfRequest } from './request-during.ts';
import { watchIncomingNotifications } from '../server-log/trace-notifications.ts';

/** The objects behind the "Server requests" panel and the "Server log" tab. */
export interface ServerRequestsServices {
  /** Which client capabilities to declare at the next connect. */
  settings: CapabilitySettings;
  /** Sampling and elicitation requests waiting for the user. */
  queue: ServerRequestQueue;
  /** The roots answered to roots/list. */
  roots: RootsStore;
  /** What the current connection declared. */
  requests: ServerRequestsExtension;
  /** Log messages and other notifications from the server. */
  notifications: NotificationLog;
  /** logging/setLevel and ping. */
  controls: ServerControls;
}

/** Creates the server-request features and plugs them into `session`. */
export function createServerRequestsServices(
  session: McpSession,
  options: { schedule?: (run: () => void) => void } = {},
): ServerRequestsServices {
  const settings = new CapabilitySettings();
  const roots = new RootsStore();
  const queue = new ServerRequestQueue();
  const requests = new ServerRequestsExtension(settings, queue, roots, (requestId, method) =>
    duringOfRequest(session.trace.get().frames, requestId, method),
  );
  const notifications = new NotificationLog(options.schedule);
  const controls = new ServerControls();
  session.use(requests);
  session.use(new NotificationCollector(notifications));
  session.use(controls);
  watchIncomingNotifications(session.trace, (notification) => {
    collectObserved(notifications, notification);
    if (notification.method === 'notifications/cancelled') cancelQueued(queue, notification.params);
  });
  return { settings, queue, roots, requests, notifications, controls };
}

/** Applies a notifications/cancelled to the queue (see `ServerRequestQueue.cancelRequest`). */
function cancelQueued(queue: ServerRequestQueue, params: unknown): void {
  const { requestId, reason } = (params ?? {}) as { requestId?: unknown; reason?: unknown };
  if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
  queue.cancelRequest(requestId, typeof reason === 'string' ? reason : undefined);
}
