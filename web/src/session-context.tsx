import { createContext, useContext } from 'react';
import type { McpSession } from './mcp/mcp-session.ts';
import type { CallHistory } from './state/call-history.ts';
import type { ApprovalPolicy } from './state/approval-policy.ts';
import type { CallRunner } from './state/call-runner.ts';
import type { Workspace } from './state/workspace.ts';
import type { TaskTracker } from './state/task-tracker.ts';
import type { SessionFile } from './session-file/session-file.ts';
import type { SavedRequests } from './saved-requests/saved-requests-store.ts';
import type { LiveReplay } from './recordings/live-replay.ts';

import type { ServerRequestsServices } from './server-requests/create-server-requests-services.ts';

/** The long-lived, framework-free objects the views read from and act on. */
export interface AppServices {
  session: McpSession;
  history: CallHistory;
  policy: ApprovalPolicy;
  runner: CallRunner;
  workspace: Workspace;
  tasks: TaskTracker;
  /** Set when these services show a recorded or imported session read-only instead of a live one. */
  replay?: ReplayInfo;
  /** Server-initiated requests, client capabilities, roots, notifications and the log level. */
  serverRequests: ServerRequestsServices;
  /** Named requests kept across reloads (the "Saved" tab). */
  savedRequests: SavedRequests;
}

/** What a read-only replay shows. */
export interface ReplayInfo {
  name: string;
  file: SessionFile;
  /** Set on a share link's page: there is no live session underneath to return to. */
  shared?: {
    /** Keeps the replay up to date while the recorded session is still running. */
    live: LiveReplay | undefined;
  };
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}
