import { TaskStatusNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { SessionExtension } from '../mcp/session-extension.ts';
import type { TaskTracker } from './task-tracker.ts';

/** Feeds notifications/tasks/status to the task tracker, and stops polling when the connection ends. */
export function taskStatusExtension(tracker: TaskTracker): SessionExtension {
  return {
    attach(client) {
      client.setNotificationHandler(TaskStatusNotificationSchema, (notification) =>
        tracker.onStatus(notification.params),
      );
    },
    detach() {
      tracker.stopAll();
    },
  };
}
