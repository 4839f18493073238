import type { McpSession } from '#client/session/mcp-session.ts';

/** How often and how long to look for a bridge that went away. */
const RETRY_MS = 1000;
const MAX_ATTEMPTS = 120;

/**
 * When the bridge goes away (stopped, restarted), keeps asking it whether it is back and then
 * reconnects to the same server. The trace and history stay, since they live in the page.
 * `probe` answers 'up', 'refused' (a new token: the user must open the new link) or 'down'.
 */
export function watchBridge(
  session: McpSession,
  probe: () => Promise<'up' | 'refused' | 'down'>,
  onRefused: (message: string) => void,
): () => void {
  let running = false;
  let stopped = false;
  const loop = async () => {
    running = true;
    const target = session.state.get().target;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !stopped; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      const state = session.state.get();
      if (!state.lostBridge || state.status !== 'disconnected' || !target) break;
      const answer = await probe();
      if (answer === 'refused') {
        onRefused('The bridge restarted with a new access token. Open the link it printed to continue.');
        break;
      }
      if (answer === 'up') {
        await session.connect(target);
        break;
      }
    }
    running = false;
  };
  const unsubscribe = session.state.subscribe(() => {
    const state = session.state.get();
    if (state.lostBridge && state.status === 'disconnected' && !running && !stopped) void loop();
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
