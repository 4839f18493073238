import { fixtureCommand } from '../../test/support/in-process-bridge.ts';
import { waitFor } from '../../test/support/node-session.ts';
import { processExists, projectPath } from '../../test/support/start-cli.ts';
import type { StdioTarget } from '#shared/targets.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { formatMb, residentBytes } from '../../test/support/process-memory.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { bridgedSession, connectOrThrow, startBridgeProcess } from '../lib/sessions.ts';

const SESSIONS = 100;
const MAX_BRIDGE_MB = 150;
/**
 * A ~1 MB shell server: 100 Node servers would need 4 GB and minutes to start. It speaks the
 * legacy handshake only, so the era is chosen for it: Auto's probe is measured in the era section.
 */
const TINY_SERVER: StdioTarget = {
  transport: 'stdio',
  era: 'legacy',
  command: '/bin/sh',
  args: [projectPath('test/fixtures/tiny-sh-server.sh')],
};

/**
 * Resident memory of the bridge process (the CLI, as users run it) holding 100 idle sessions, each
 * a WebSocket from the browser's session code with an initialized server behind it. The servers'
 * own memory is reported apart: it is theirs, not the bridge's.
 */
export async function benchBridgeMemory(cleanup: CleanupStack): Promise<BenchRow[]> {
  const cli = await startBridgeProcess(cleanup);
  const bridgePid = cli.child.pid!;
  // One session first, so that lazily loaded code (SDK, tsx transforms) is in the baseline too.
  const warm = bridgedSession(cli, cleanup);
  await connectOrThrow(warm, fixtureCommand('bench-echo-server'));
  await warm.disconnect();
  await settle();
  const idle = residentBytes(bridgePid)!;

  const sessions: McpSession[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const session = bridgedSession(cli, cleanup);
    await connectOrThrow(session, TINY_SERVER);
    if ((await session.callTool('echo', {})).status !== 'ok')
      throw new Error('The tiny server did not answer');
    sessions.push(session);
  }
  await settle();
  const loaded = residentBytes(bridgePid)!;
  const pids = sessions.flatMap((session) =>
    session.state.get().log.flatMap((entry) => (entry.event.kind === 'spawned' ? [entry.event.pid] : [])),
  );
  const serversBytes = pids.reduce((sum, pid) => sum + (residentBytes(pid) ?? 0), 0);

  await Promise.all(sessions.map((session) => session.disconnect()));
  await waitFor(() => pids.every((pid) => !processExists(pid)), 'every server to exit', 30_000);

  const perSessionKb = (loaded - idle) / SESSIONS / 1024;
  return [
    row({
      area: 'Bridge memory',
      figure: `RSS with ${SESSIONS} idle sessions (WebSocket + initialized stdio server each)`,
      value: `${formatMb(loaded)} (+${perSessionKb.toFixed(0)} KB per session)`,
      baseline: `${formatMb(idle)} with none`,
      target: `≤ ${MAX_BRIDGE_MB} MB`,
      passed: loaded / 2 ** 20 <= MAX_BRIDGE_MB,
    }),
    row({
      area: 'Bridge memory',
      figure: `The ${pids.length} servers themselves (tiny shell servers, not the bridge)`,
      value: `${formatMb(serversBytes)} in all`,
    }),
  ];
}

/** Lets sockets and timers settle before reading memory. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}
