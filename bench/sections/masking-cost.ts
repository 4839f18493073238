import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TextMask } from '../../server/secrets/text-mask.ts';
import { SecretScrubber } from '../../server/secrets/secret-scrubber.ts';
import { bearer, fixtureEntry, testAuth } from '../../test/support/hosted-bridge.ts';
import { HostedPage } from '../../test/support/hosted-page.ts';
import { startServe } from '../../test/support/start-serve.ts';
import { alternate } from '../lib/call-timing.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { formatCount, formatMs, median } from '../lib/stats.ts';

const SECRET = 'bench-catalog-secret-4f8a2c9b1d7e';
/** What the echo server answers with: ten lines of text, so the answer's JSON holds escapes and is parsed. */
const TEXT = Array.from({ length: 10 }, (_, i) => `line ${i} of a tool's answer, as a tool writes it`).join(
  '\n',
);
const PLAN = { block: 50, latencyBlocks: 10, inFlight: 20, throughputCalls: 600, throughputRounds: 4 };

/**
 * What masking a hosted catalog entry's secrets costs. One `toolscope serve`, two catalog entries
 * running the same echo server over stdio, one with a secret in its environment (each answer is
 * parsed, masked and written again) and one without (each answer passes as it came), calls
 * alternating between them. The echo text holds line breaks, so its JSON holds escapes and every
 * answer is parsed: the costly case (JSON with no escape and no piece of a secret is not parsed).
 * Then the mask alone, in this process, on one answer frame of 1 KB and one of 100 KB.
 */
export async function benchMaskingCost(cleanup: CleanupStack): Promise<BenchRow[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-bench-masking-'));
  cleanup.defer('the masking bench folder', () => rmSync(folder, { recursive: true, force: true }));
  const config = {
    version: 1,
    auth: testAuth(),
    catalog: {
      mcpServers: {
        // An environment of the same shape, with a value too short to be taken for a secret: the
        // two sides differ in the secret alone.
        plain: fixtureEntry('bench-echo-server', { env: { BENCH_KEY: 'none' } }),
        secret: fixtureEntry('bench-echo-server', { env: { BENCH_KEY: '${env:BENCH_SECRET}' } }),
      },
    },
    limits: { toolCallsPerMinute: 1_000_000 },
    log: { level: 'warn' },
    store: { dataDir: path.join(folder, 'data') },
  };
  writeFileSync(path.join(folder, 'team.json'), JSON.stringify(config));
  const serve = await startServe(['--config', path.join(folder, 'team.json'), '--port', '0'], {
    BENCH_SECRET: SECRET,
    TOOLSCOPE_SESSION_SECRET: 'masking-bench-session-secret-0123456789abcdef',
  });
  cleanup.defer('the masking bridge', async () => void (await serve.stop()));
  const plain = await HostedPage.open(serve.port, bearer('alice'));
  const secret = await HostedPage.open(serve.port, bearer('alice'));
  cleanup.defer('the pages', () => {
    plain.close();
    secret.close();
  });
  await plain.open({ catalog: { server: 'plain' } });
  await secret.open({ catalog: { server: 'secret' } });

  const sequential = (page: HostedPage) => async () => {
    const times: number[] = [];
    for (let i = 0; i < PLAN.block; i++) {
      const started = performance.now();
      await echo(page);
      times.push(performance.now() - started);
    }
    return times;
  };
  const parallel = (page: HostedPage) => async () => {
    let started = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: PLAN.inFlight }, async () => {
        while (started < PLAN.throughputCalls) {
          started++;
          await echo(page);
        }
      }),
    );
    return [PLAN.throughputCalls / ((performance.now() - begin) / 1000)];
  };
  await alternate(4, sequential(plain), sequential(secret)); // JIT, processes
  const latency = await alternate(PLAN.latencyBlocks, sequential(plain), sequential(secret));
  await alternate(1, parallel(plain), parallel(secret));
  const throughput = await alternate(PLAN.throughputRounds, parallel(plain), parallel(secret));

  const p50 = { off: median(latency.a), on: median(latency.b) };
  const rate = { off: median(throughput.a), on: median(throughput.b) };
  const area = 'Masking, hosted stdio';
  return [
    row({
      area,
      figure: `p50 latency, ${formatCount(latency.b.length)} sequential calls (every answer parsed)`,
      value: `${formatMs(p50.on)} (${(p50.on / p50.off).toFixed(2)}x)`,
      baseline: `entry without a secret ${formatMs(p50.off)}`,
    }),
    row({
      area,
      figure: `throughput, ${PLAN.inFlight} calls in flight`,
      value: `${formatCount(rate.on)} calls/s (${Math.round((rate.on / rate.off) * 100)}%)`,
      baseline: `entry without a secret ${formatCount(rate.off)} calls/s`,
    }),
    await maskPerFrame(1024),
    await maskPerFrame(100 * 1024),
  ];
}

async function echo(page: HostedPage): Promise<void> {
  const answer = await page.callTool('echo', { text: TEXT });
  if (answer.error || answer.result?.isError) throw new Error(`echo failed: ${JSON.stringify(answer)}`);
}

/** The mask alone on one answer frame of about `bytes`: with a secret, and the fast path without. */
async function maskPerFrame(bytes: number): Promise<BenchRow> {
  const parts = Math.max(1, Math.round(bytes / (TEXT.length + 30)));
  const frame = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    result: { content: Array.from({ length: parts }, () => ({ type: 'text', text: TEXT })) },
  });
  const rounds = Math.max(20, Math.round(4_000_000 / frame.length));
  const perFrame = (work: () => unknown) => async () => {
    const started = performance.now();
    for (let i = 0; i < rounds; i++) work();
    return [(performance.now() - started) / rounds];
  };
  const withSecret = new SecretScrubber([SECRET]);
  const without = new TextMask([]);
  // Alternated, so the machine's noise lands on both sides alike.
  const masks = await alternate(
    6,
    perFrame(() => without.maskJsonValue(frame)),
    perFrame(() => withSecret.maskJsonValue(frame)),
  );
  const parse = await alternate(
    6,
    perFrame(() => JSON.parse(frame)),
    perFrame(() => JSON.parse(frame)),
  );
  return row({
    area: 'Masking, the mask alone',
    figure: `one answer frame of ${formatCount(frame.length / 1024)} KB (every string looked at)`,
    value: `${formatMs(median(masks.b))} per frame`,
    baseline: `no secret ${formatMs(median(masks.a))}; JSON.parse alone ${formatMs(median([...parse.a, ...parse.b]))}`,
  });
}
