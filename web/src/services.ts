/**
 * The page's services: the long-lived, framework-free objects the views read from and act on, how
 * they are built and wired (live, or as a read-only replay), and the React contexts that hand them
 * to the views.
 */
import { createContext, useContext } from 'react';
import { describeTarget } from '#shared/targets.ts';
import { McpSession } from '../../client/session/mcp-session.ts';
import { ApprovalPolicy } from './calls/approval-policy.ts';
import { CallHistory } from './calls/call-history.ts';
import { resultFollowsTarget } from './calls/result-follows-target.ts';
import { CallRunner } from './calls/call-runner.ts';
import { resultFollowsTool } from './calls/result-follows-tool.ts';
import { Workspace } from './calls/workspace.ts';
import { StageSelection } from './calls/stage-selection.ts';
import { TaskTracker, taskStatusExtension } from './calls/task-tracker.ts';
import { SavedRequests } from './features/saved-requests/saved-requests-store.ts';
import {
  createServerRequestsServices,
  type ServerRequestsServices,
} from './features/server-requests/create-server-requests-services.ts';
import type { SessionFile } from './features/session-file/session-file.ts';
import type { LiveReplay } from './features/recordings/live-replay.ts';
import type { RecordingsApi } from './lib/recordings-api.ts';
import { createApps, type AppsServices } from './features/apps/apps-services.ts';

/** The long-lived, framework-free objects the views read from and act on. */
export interface AppServices {
  session: McpSession;
  history: CallHistory;
  policy: ApprovalPolicy;
  runner: CallRunner;
  workspace: Workspace;
  /** The left column's open tab and each tab's pick: what the centre pane (the stage) shows. */
  stage: StageSelection;
  tasks: TaskTracker;
  /** Set when these services show a recorded or imported session read-only instead of a live one. */
  replay?: ReplayInfo;
  /** Server-initiated requests, client capabilities, roots, notifications and the log level. */
  serverRequests: ServerRequestsServices;
  /** Named requests kept across reloads (the "Saved" tab). */
  savedRequests: SavedRequests;
  /** MCP Apps: the extension's setting and the Views' resources of this connection. */
  apps: AppsServices;
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
  const stage = new StageSelection();
  // Drafts follow the server: switching servers switches the remembered arguments (and forgets the picks).
  session.state.subscribe(() => {
    const target = session.state.get().target;
    if (!target) return;
    const server = describeTarget(target);
    if (server !== workspace.get().server) stage.forgetPicks();
    workspace.useServer(server);
  });
  resultFollowsTool(workspace, history);
  resultFollowsTarget(session.state, history);
  const savedRequests = new SavedRequests();
  const apps = createApps(session);
  return { session, history, policy, runner, workspace, stage, tasks, serverRequests, savedRequests, apps };
}

/**
 * Services that show a recorded session read-only: the same stores the live app uses, filled
 * from the file, with a session that can never connect.
 */
export function createReplayServices(
  file: SessionFile,
  name: string,
  shared?: ReplayInfo['shared'],
): AppServices {
  const session = new McpSession({
    createTransport: () => {
      throw new Error('A replay is read-only and cannot connect');
    },
  });
  const services = createServices(session);
  session.state.update({
    status: 'disconnected',
    target: file.target ?? undefined,
    server: file.server ?? undefined,
    tools: file.tools,
    log: file.log,
  });
  session.trace.load(file.frames, file);
  services.history.load(file.calls);
  return { ...services, replay: { name, file, ...(shared ? { shared } : {}) } };
}

/** The services the page shows: the live session's, or a replay's in its place. */
export const ServicesContext = createContext<AppServices | null>(null);

/** The services of the nearest provider; a view outside one is a programming error. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}

/** Opening and closing a read-only replay of an imported session. */
export interface ReplayControls {
  open: (file: SessionFile, name: string) => void;
  close: () => void;
}

/** Provided by the root, which keeps the live services underneath a replay. */
export const ReplayContext = createContext<ReplayControls>({ open: () => {}, close: () => {} });

/** Opens or closes a replay on top of the live session. */
export function useReplayControls(): ReplayControls {
  return useContext(ReplayContext);
}

/** The bridge's recordings routes; undefined where there are none (recording off, a share page). */
export const RecordingsContext = createContext<RecordingsApi | undefined>(undefined);

/** The recordings routes, or undefined where the bridge keeps none. */
export function useRecordingsApi(): RecordingsApi | undefined {
  return useContext(RecordingsContext);
}
