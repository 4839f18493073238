import type { AppServices } from '../session-context.tsx';
import { ApprovalPolicy } from '../state/approval-policy.ts';
import { CallHistory } from '../state/call-history.ts';
import { CallRunner } from '../state/call-runner.ts';
import { Workspace } from '../state/workspace.ts';
import { TaskTracker } from '../state/task-tracker.ts';
import { taskStatusExtension } from '../state/task-status-extension.ts';
import { SavedRequests } from '../saved-requests/saved-requests-store.ts';

import { describeTarget } from '#shared/targets.ts';
import type { McpSession } from '../mcp/mcp-session.ts';

import { createServerRequestsServices } from '../server-requests/create-server-requests-services.ts';

/** Builds the app's long-lived objects around a session and wires them together. */
export function createServices(session: McpSession): AppServices {
  const history = new CallHistory();

  const policy = new ApprovalPolicy();
  const tasks = new TaskTracker(session, history, policy);
  const runner = new CallRunner(session, history, policy, tasks);
  session.use(taskStatusExtension(tasks));

  const serverRequests = createServerRequestsServices(session, {
    schedule: (run) => requestAnimationFrame(() => run()),
  });
  const workspace = new Workspace();
  // Drafts follow the server: switching servers switches the remembered arguments.
  session.state.subscribe(() => {
    const target = session.state.get().target;
    if (target) workspace.useServer(describeTarget(target));
  });
  const savedRequests = new SavedRequests();
  return { session, history, policy, runner, workspace, tasks, serverRequests, savedRequests };
}
