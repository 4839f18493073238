import type { Client } from '@modelcontextprotocol/client';
import type { SessionExtension } from '#client/session/session-extension.ts';
import type { NotificationLog } from './notification-log.ts';
import type { IncomingNotification } from './trace-notifications.ts';

/**
 * Notifications that other parts of the client handle: the session lists tools again, the SDK
 * routes progress and cancellation, other panels refresh resources and prompts. Registering a
 * handler for one of these would silently replace theirs, so they are read from the trace instead.
 */
export const OBSERVED_METHODS: ReadonlySet<string> = new Set([
  'notifications/tools/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/prompts/list_changed',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/elicitation/complete',
  'notifications/tasks/status',
]);

/**
 * Collects what the server notifies: log messages through their own handler (this feature owns
 * logging), and any method nobody handles through the SDK's fallback handler.
 */
export class NotificationCollector implements SessionExtension {
  constructor(private readonly log: NotificationLog) {}

  attach(client: Client): void {
    client.setNotificationHandler('notifications/message', (notification) => {
      const { level, logger, data } = notification.params;
      this.log.add({ kind: 'log-message', level, ...(logger === undefined ? {} : { logger }), data });
    });
    client.fallbackNotificationHandler = async (notification) => {
      // Known methods nobody registered for also land here; the trace watcher records those.
      if (OBSERVED_METHODS.has(notification.method)) return;
      this.log.add({ kind: 'notification', method: notification.method, params: notification.params });
    };
  }
}

/** Adds a notification read from the trace, when it is one of `OBSERVED_METHODS`. */
export function collectObserved(log: NotificationLog, { method, params, time }: IncomingNotification): void {
  if (OBSERVED_METHODS.has(method)) log.add({ kind: 'notification', method, params }, time);
}
