import type { AppServices, ReplayInfo } from '../session-context.tsx';
import { createServices } from '../boot/create-services.ts';
import { McpSession } from '../mcp/mcp-session.ts';
import type { SessionFile } from '../session-file/session-file.ts';

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
  session.trace.load(file.frames);
  services.history.load(file.calls);
  return { ...services, replay: { name, file, ...(shared ? { shared } : {}) } };
}
