import { createContext, useContext } from 'react';
import type { McpSession } from './mcp/mcp-session.ts';
import type { CallHistory } from './state/call-history.ts';
import type { ApprovalPolicy } from './state/approval-policy.ts';
import type { CallRunner } from './state/call-runner.ts';
import type { Workspace } from './state/workspace.ts';
import type { TaskTracker } from './state/task-tracker.ts';
import type { SessionFile } from './session-file/session-file.ts';
import type { SavedRequests } from './saved-requests/saved-requests-store.ts';

import type { ServerRequestsServices } from './server-requests/create-server-requests-services.ts';

/** The long-lived, framework-free objects the views read from and act on. */
export interface AppServices {
  session: McpSession;
  history: CallHistory;
  policy: ApprovalPolicy;
  runner: CallRunner;
  workspace: Workspace;
  tasks: TaskTracker;
  /** Set when these services show an imported session read-only instead of a live one. */
  replay?: { name: string; file: SessionFile };
  /** Server-initiated requests, client capabilities, roots, notifications and the log level. */
  serverRequests: ServerRequestsServices;
  /** Named requests kept across reloads (the "Saved" tab). */
  savedRequests: SavedRequests;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}
