/**
 * A read-only replay: services that show a recorded or imported session instead of a live one, built by the
 * same code as the live page's, filled from a session file, with a session that can never connect.
 */
import { createContext, useContext } from 'react';
import { McpSession } from '#client/session/mcp-session.ts';
import { createServices, type FeatureServicesFactory, type AppServices } from '../services.ts';
import type { SessionFile } from './session-file.ts';
import type { LiveReplay } from './live-replay.ts';

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

declare module '../services.ts' {
  interface FeatureServices {
    /** Set when these services show a recorded or imported session read-only instead of a live one. */
    replay?: ReplayInfo;
  }
}

/** Services that show `file` read-only: the same stores the live page uses (`features`: FEATURES), filled from it. */
export function createReplayServices(
  file: SessionFile,
  name: string,
  features: readonly { services?: FeatureServicesFactory }[],
  shared?: ReplayInfo['shared'],
): AppServices {
  const session = new McpSession({
    createTransport: () => {
      throw new Error('A replay is read-only and cannot connect');
    },
  });
  const services = createServices(session, features);
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
