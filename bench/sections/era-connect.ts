import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import { EraMemory } from '../../web/src/mcp/era-memory.ts';
import type { McpSession } from '../../web/src/mcp/mcp-session.ts';
import { createNodeSession } from '../../test/support/node-session.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { connectOrThrow, startBridgeProcess } from '../lib/sessions.ts';
import { formatMs, median } from '../lib/stats.ts';

const ROUNDS = 5;

/** A legacy-only server: server-everything (SDK v1) over stdio, which refuses server/discover. */
const LEGACY_ONLY: ServerTarget = {
  transport: 'stdio',
  command: process.execPath,
  args: [projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  cwd: projectPath(),
};

interface Mode {
  label: string;
  era: ProtocolEraChoice;
  session: McpSession;
  times: number[];
}

/**
 * What Auto costs against a legacy-only server: connect time (spawn, probe, handshake, tools/list)
 * under Legacy, under Auto probing every time, and under Auto with its remembered verdict (no
 * probe). The modes alternate, one connect each per round, through one bridge process.
 */
export async function benchEraConnect(cleanup: CleanupStack): Promise<BenchRow[]> {
  const cli = await startBridgeProcess(cleanup);
  const remembered = new EraMemory(null);
  const modes: Mode[] = [
    { label: 'Legacy', era: 'legacy', session: createNodeSession(cli.origin, cli.token), times: [] },
    { label: 'Auto, probing', era: 'auto', session: createNodeSession(cli.origin, cli.token), times: [] },
    {
      label: 'Auto, remembered verdict',
      era: 'auto',
      session: createNodeSession(cli.origin, cli.token, { eraMemory: remembered }),
      times: [],
    },
  ];
  for (const mode of modes) cleanup.defer(`the ${mode.label} session`, () => mode.session.disconnect());
  // Warm-up: the disk cache for every mode, and the verdict for the remembering one.
  for (const mode of modes) await connectOrThrow(mode.session, { ...LEGACY_ONLY, era: mode.era });
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of modes) {
      await mode.session.disconnect();
      const started = performance.now();
      await connectOrThrow(mode.session, { ...LEGACY_ONLY, era: mode.era });
      mode.times.push(performance.now() - started);
      if (mode.session.state.get().server?.era !== 'legacy')
        throw new Error(`${mode.label} did not end legacy`);
    }
  }
  const legacy = median(modes[0]!.times);
  return modes.map((mode) =>
    row({
      area: 'Era',
      figure: `connect to a legacy-only stdio server (server-everything) under ${mode.label}, median of ${ROUNDS}`,
      value: formatMs(median(mode.times)),
      baseline:
        mode.era === 'legacy'
          ? 'baseline'
          : `${(median(mode.times) / legacy).toFixed(2)}× Legacy (${formatMs(legacy)})`,
    }),
  );
}
