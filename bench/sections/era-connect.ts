import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import { EraMemory } from '#client/era/era-memory.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { createNodeSession } from '../../test/support/node-session.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { connectOrThrow, startBridgeProcess } from '../lib/sessions.ts';
import { formatMs, median } from '../lib/stats.ts';

/** Three: the legacy-only connects differ by far more between loads than between rounds, so more rounds add little. */
const ROUNDS = 3;

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
  const paced = await pacedProbeRows(cli, cleanup);
  return [
    ...modes.map((mode) =>
      row({
        area: 'Era',
        figure: `connect to a legacy-only stdio server (server-everything) under ${mode.label}, median of ${ROUNDS}`,
        value: formatMs(median(mode.times)),
        baseline:
          mode.era === 'legacy'
            ? 'baseline'
            : `${(median(mode.times) / legacy).toFixed(2)}× Legacy (${formatMs(legacy)})`,
      }),
    ),
    ...paced,
  ];
}

/** A legacy server that never answers server/discover (it answers ping and what it knows). */
const IGNORES_PROBE: ServerTarget = {
  transport: 'stdio',
  command: process.execPath,
  args: ['--import', 'tsx', projectPath('test/fixtures/legacy-probe-server.ts'), 'silent'],
  cwd: projectPath(),
};
/** A legacy server that answers neither server/discover nor ping (only initialize and the tools). */
const SILENT: ServerTarget = {
  ...IGNORES_PROBE,
  args: ['--import', 'tsx', projectPath('test/fixtures/legacy-probe-server.ts'), 'quiet'],
};
/** A modern-only server that takes 2 s to boot (npx, a cold disk). */
const SLOW_MODERN: ServerTarget = {
  transport: 'stdio',
  command: '/bin/sh',
  args: [
    '-c',
    `sleep 2; exec "${process.execPath}" --import tsx "${projectPath('test/fixtures/v2-stdio-server.ts')}" modern`,
  ],
  cwd: projectPath(),
};
const PACED_ROUNDS = 3;

/**
 * Auto against a server that ignores requests it does not know (the liveness ping decides, instead
 * of waiting out the 10 s probe timeout), beside Legacy on the same server; and
 * against a modern server that boots slowly (it must still come out modern), beside Modern.
 */
async function pacedProbeRows(
  cli: Awaited<ReturnType<typeof startBridgeProcess>>,
  cleanup: CleanupStack,
): Promise<BenchRow[]> {
  const timed = async (target: ServerTarget, era: ProtocolEraChoice, expected: string): Promise<number> => {
    const times: number[] = [];
    for (let round = 0; round < PACED_ROUNDS; round++) {
      const session = createNodeSession(cli.origin, cli.token);
      cleanup.defer('a paced-probe session', () => session.disconnect());
      const started = performance.now();
      await connectOrThrow(session, { ...target, era });
      times.push(performance.now() - started);
      if (session.state.get().server?.era !== expected)
        throw new Error(`${era} against ${target.transport} did not end ${expected}`);
      await session.disconnect();
    }
    return median(times);
  };
  const ignoringLegacy = await timed(IGNORES_PROBE, 'legacy', 'legacy');
  const ignoringAuto = await timed(IGNORES_PROBE, 'auto', 'legacy');
  const silentLegacy = await timed(SILENT, 'legacy', 'legacy');
  const silentAuto = await timed(SILENT, 'auto', 'legacy');
  const slowModern = await timed(SLOW_MODERN, 'modern', 'modern');
  const slowAuto = await timed(SLOW_MODERN, 'auto', 'modern');
  return [
    row({
      area: 'Era',
      figure: `first connect under Auto to a stdio server that ignores server/discover (answers ping), median of ${PACED_ROUNDS}`,
      value: `${formatMs(ignoringAuto)} (+${formatMs(ignoringAuto - ignoringLegacy)})`,
      baseline: `${formatMs(ignoringLegacy)} under Legacy (the probe timeout is 10 s)`,
      // The server's boot is not Auto's cost: what Auto adds to it is.
      target: '≤ +2 s over Legacy',
      passed: ignoringAuto - ignoringLegacy <= 2000,
    }),
    row({
      area: 'Era',
      figure: `first connect under Auto to a silent stdio server (answers neither server/discover nor ping), median of ${PACED_ROUNDS}`,
      value: `${formatMs(silentAuto)} (+${formatMs(silentAuto - silentLegacy)})`,
      baseline: `${formatMs(silentLegacy)} under Legacy (the probe timeout is 10 s)`,
      target: '≤ +2 s over Legacy',
      passed: silentAuto - silentLegacy <= 2000,
    }),
    row({
      area: 'Era',
      figure: `connect under Auto to a modern stdio server that boots in 2 s (found modern), median of ${PACED_ROUNDS}`,
      value: formatMs(slowAuto),
      baseline: `${formatMs(slowModern)} under Modern`,
    }),
  ];
}
