import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fixtureCommand } from '../../test/support/in-process-bridge.ts';
import { sideBySide } from '../lib/call-timing.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { bridgedSession, connectOrThrow, startBridgeProcess } from '../lib/sessions.ts';
import { formatCount, formatMs, median } from '../lib/stats.ts';

const IN_FLIGHT = 50;
const PLAN = {
  block: 50,
  latencyBlocks: 10,
  inFlight: IN_FLIGHT,
  throughputCalls: 1500,
  throughputRounds: 4,
};

/**
 * What recording connections costs: two bridges side by side, one recording to SQLite (the default)
 * and one started with --no-record, the same echo server over stdio, calls alternating.
 */
export async function benchRecordingCost(cleanup: CleanupStack): Promise<BenchRow[]> {
  const recording = await startBridgeProcess(cleanup);
  const plain = await startBridgeProcess(cleanup, ['--no-record']);
  const target = fixtureCommand('bench-echo-server');
  const withRecording = bridgedSession(recording, cleanup);
  const without = bridgedSession(plain, cleanup);
  await connectOrThrow(withRecording, target);
  await connectOrThrow(without, target);
  const { latency, throughput, callsPerSide: calls } = await sideBySide(without, withRecording, PLAN);
  await withRecording.disconnect();
  await without.disconnect();

  const p50 = { on: median(latency.b), off: median(latency.a) };
  const rate = { on: median(throughput.b), off: median(throughput.a) };
  const bytes = folderBytes(recording.dataDir);
  const area = 'Recording, stdio';
  return [
    row({
      area,
      figure: `p50 latency, ${formatCount(latency.b.length)} sequential calls`,
      value: `${formatMs(p50.on)} (${(p50.on / p50.off).toFixed(2)}x)`,
      baseline: `--no-record ${formatMs(p50.off)}`,
    }),
    row({
      area,
      figure: `throughput, ${IN_FLIGHT} calls in flight`,
      value: `${formatCount(rate.on)} calls/s (${Math.round((rate.on / rate.off) * 100)}%)`,
      baseline: `--no-record ${formatCount(rate.off)} calls/s`,
    }),
    row({
      area,
      figure: 'disk per call (request + answer frames)',
      value: `${formatCount(bytes / calls)} B`,
      baseline: `${formatCount(bytes / 1024 / 1024)} MiB for ${formatCount(calls)} calls`,
    }),
  ];
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
}
