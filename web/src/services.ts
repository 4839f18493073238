/**
 * The page's services: the long-lived, framework-free objects the views read from and act on, how they are
 * built and wired, and the React contexts that hand them to the views. The core (session, calls, approval,
 * tasks, stage) is built here; each feature adds its own through the feature interface (web/src/feature.ts),
 * so this file names no feature.
 */
import { createContext, useContext } from 'react';
import { describeTarget } from '#shared/targets.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import { ApprovalPolicy } from './calls/approval-policy.ts';
import { CallHistory } from './calls/call-history.ts';
import { resultFollowsTarget } from './calls/result-follows-target.ts';
import { CallRunner } from './calls/call-runner.ts';
import { resultFollowsTool } from './calls/result-follows-tool.ts';
import { Workspace } from './calls/workspace.ts';
import { StageSelection } from './calls/stage-selection.ts';
import { TaskTracker, taskStatusExtension } from './calls/task-tracker.ts';
import type { RecordingsApi } from './lib/recordings-api.ts';

/** The long-lived, framework-free objects the views read from and act on. */
export interface CoreServices {
  session: McpSession;
  history: CallHistory;
  policy: ApprovalPolicy;
  runner: CallRunner;
  workspace: Workspace;
  /** The left column's open tab and each tab's pick: what the centre pane (the stage) shows. */
  stage: StageSelection;
  tasks: TaskTracker;
}

/**
 * What features add to the services, one key each. It is empty here: a feature declares its key and type
 * beside its factory, with declaration merging, e.g.
 *
 *     declare module '../../services.ts' {
 *       interface FeatureServices { apps: AppsServices }
 *     }
 *
 * and builds them with its `services` factory (Feature in web/src/feature.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface FeatureServices {}

/** The page's services: the core's and every feature's. */
export interface AppServices extends CoreServices, FeatureServices {}

/** How a feature builds its services for one session (live or replay) and plugs its session extension in. */
export type FeatureServicesFactory = {
  [Key in keyof FeatureServices]-?: {
    /** Where its services are found on AppServices. */
    key: Key;
    create: (session: McpSession, core: CoreServices) => NonNullable<FeatureServices[Key]>;
  };
}[keyof FeatureServices];

/**
 * Builds the page's long-lived objects around a session and wires them together: the core's, then each
 * feature's (`features` is the page's list, FEATURES in app.tsx).
 */
export function createServices(
  session: McpSession,
  features: readonly { services?: FeatureServicesFactory }[],
): AppServices {
  const core = createCore(session);
  const added: Record<string, unknown> = {};
  for (const { services } of features) {
    if (services) added[services.key] = services.create(session, core);
  }
  // Each feature declared its key's type beside its factory; the list is the page's, so every key is built.
  return { ...core, ...added } as AppServices;
}

function createCore(session: McpSession): CoreServices {
  const history = new CallHistory();
  const policy = new ApprovalPolicy();
  const tasks = new TaskTracker(session, history, policy);
  const runner = new CallRunner(session, history, policy, tasks);
  session.use(taskStatusExtension(tasks));
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
  return { session, history, policy, runner, workspace, stage, tasks };
}

/** The services the page shows: the live session's, or a replay's in its place. */
export const ServicesContext = createContext<AppServices | null>(null);

/** The services of the nearest provider; a view outside one is a programming error. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}

/** The bridge's recordings routes; undefined where there are none (recording off, a share page). */
export const RecordingsContext = createContext<RecordingsApi | undefined>(undefined);

/** The recordings routes, or undefined where the bridge keeps none. */
export function useRecordingsApi(): RecordingsApi | undefined {
  return useContext(RecordingsContext);
}
