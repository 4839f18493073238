import type { HostedInfo } from './hosted.ts';
import type { RecordingStatus } from './recordings.ts';
import type { ServerTarget } from './targets.ts';

/** Body of GET /api/config. */
export interface BridgeConfigResponse {
  version: string;
  /** The server given on the command line (or the demo server), to prefill the connection form. */
  initialTarget: ServerTarget | null;
  /**
   * The era `initialTarget` speaks when the bridge knows it without asking (its built-in demo server),
   * so Auto's first connect to it need not probe.
   */
  initialTargetEra?: KnownEra;
  /** How long the bridge keeps a server alive after its page goes away, in ms. */
  graceMs: number;
  /** Whether this bridge records connections (needed for "Share recording" and "Recordings"). */
  recording: RecordingStatus;
  /** Hosted team mode only: who is signed in, the catalog, the limits. */
  hosted?: HostedInfo;
  /** The origin of the MCP Apps sandbox proxy (another origin than the page); absent: Views are not shown. */
  sandboxOrigin?: string;
}

/** An era known without a probe, and who knows it. */
export interface KnownEra {
  era: 'modern' | 'legacy';
  /** The revision it speaks, e.g. `2026-07-28`. */
  revision: string;
  /** Why it is known, for the page: "built-in demo server". */
  source: string;
}
