import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CallOutcome } from '../audit/audit-log.ts';

/** The `server` label of tool calls to user URLs (not catalog entries). */
export const USER_URL_SERVER = '(user URL)';

/** What the gauges read when Prometheus scrapes. */
export interface MetricSources {
  channels: () => number;
  connections: () => number;
  childProcesses: () => number;
}

/**
 * The bridge's Prometheus metrics, in a registry of its own (several bridges in one test process
 * must not share one). `observeStoreWrite` is the hook the recordings store calls with the
 * duration of each write.
 */
export class HostedMetrics {
  readonly registry = new Registry();
  private readonly calls: Counter<'outcome' | 'server'>;
  private readonly callSeconds: Histogram<'outcome' | 'server'>;
  private readonly storeSeconds: Histogram;
  private readonly refusals: Counter<'limit'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'toolscope_' });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('toolscope_channels', 'Open page channels (one per page WebSocket)', sources.channels);
    gauge('toolscope_connections', 'Channels with an open connection to an MCP server', sources.connections);
    gauge('toolscope_child_processes', 'stdio MCP server processes running', sources.childProcesses);
    this.calls = new Counter({
      name: 'toolscope_tool_calls_total',
      help: 'Tool calls by outcome (ok, tool-error, protocol-error, refused, no-answer) and catalog server',
      labelNames: ['outcome', 'server'],
      registers,
    });
    this.callSeconds = new Histogram({
      name: 'toolscope_tool_call_duration_seconds',
      help: 'Time from a tools/call request to its answer, as the bridge saw it, by outcome and catalog server',
      labelNames: ['outcome', 'server'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    });
    this.storeSeconds = new Histogram({
      name: 'toolscope_store_write_duration_seconds',
      help: 'Time of one write of the recordings store (a batch of frames and events, a new recording, its end)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.refusals = new Counter({
      name: 'toolscope_limit_refusals_total',
      help: 'Connects and calls refused by a limit, by limit',
      labelNames: ['limit'],
      registers,
    });
  }

  /**
   * A tool call ended. `server` is the catalog entry's name, or {@link USER_URL_SERVER} for every
   * user URL together: a label per URL a user typed would grow the metrics without bound.
   */
  callEnded(outcome: CallOutcome, durationMs: number, server: string): void {
    this.calls.inc({ outcome, server });
    this.callSeconds.observe({ outcome, server }, durationMs / 1000);
  }

  refused(limit: string): void {
    this.refusals.inc({ limit });
  }

  /** The hook for the recordings store: one write took `seconds`. */
  readonly observeStoreWrite = (seconds: number): void => {
    this.storeSeconds.observe(seconds);
  };

  /** The metrics in Prometheus text format. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
