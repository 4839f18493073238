import {
  SdkError,
  type ClientOptions,
  type JSONRPCMessage,
  type ProtocolEra,
  type Transport,
} from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import { PROTOCOL_REVISIONS } from './protocol-revisions.ts';
import { MODERN_REVISION, type ProtocolEraChoice, type ServerTarget } from '#shared/targets.ts';

/**
 * How long Auto waits for a stdio server to answer `server/discover` before it takes the silence
 * for a legacy server and sends `initialize` on the same process. The wait includes the server's
 * boot (npx, tsx on a busy machine take seconds), so it is not short; a modern server slower still
 * answers the probe late and is started once more in the modern era.
 */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

/**
 * How long Auto waits for an HTTP server's answer to the probe. Silence on HTTP is an outage, not a
 * legacy server, so this ends the connect with an error.
 */
export const HTTP_PROBE_TIMEOUT_MS = 15_000;

/** What Auto's probe found out, shown beside the negotiated revision. */
export interface EraProbe {
  /** One line for the page: what the server answered and what Auto chose. */
  outcome: string;
  /** From sending `server/discover` to the verdict (its answer, or the fallback's `initialize`). */
  ms?: number;
  /** The server exited on the probe and was started once more in legacy mode. */
  restarted?: boolean;
  /**
   * `remembered`: Auto used its verdict from an earlier connect and sent no probe; `known`: the
   * bridge knew the era (its built-in demo server) and Auto sent no probe; else it probed.
   */
  source?: 'probed' | 'remembered' | 'known';
  /** The verdict was forgotten since: the next connect under Auto probes again. */
  forgotten?: boolean;
}

/** What the page shows when Auto connected in a remembered era without probing. */
export function rememberedVerdict(era: string, revision: string, at: number, knownBy?: string): EraProbe {
  if (knownBy) return { outcome: `${knownBy}: ${era} era (${revision}), known in advance`, source: 'known' };
  const when = new Date(at).toISOString().replace('T', ' ').slice(0, 16);
  return {
    outcome: `remembered ${era} era (${revision}, decided ${when} UTC)`,
    source: 'remembered',
  };
}

/**
 * The era a connection speaks: the target's choice, except that Auto with an older revision to
 * offer in `initialize` means the legacy handshake (the user asked to see how the server handles
 * that revision; a probe would take a server of both eras to 2026-07-28 instead).
 */
export function effectiveEra(choice: ProtocolEraChoice, offered: string | undefined): ProtocolEraChoice {
  return choice === 'auto' && offered !== undefined && offered !== LATEST_LEGACY_REVISION ? 'legacy' : choice;
}

/** The newest revision of the `initialize` handshake. */
export const LATEST_LEGACY_REVISION = PROTOCOL_REVISIONS[0];

/** The SDK client options that make a connection speak `era`. */
export function negotiationOptions(
  era: ProtocolEraChoice,
  transport: ServerTarget['transport'],
  stdioProbeTimeoutMs = STDIO_PROBE_TIMEOUT_MS,
  httpProbeTimeoutMs = HTTP_PROBE_TIMEOUT_MS,
): Pick<ClientOptions, 'versionNegotiation'> {
  if (era === 'legacy') return {};
  if (era === 'modern') return { versionNegotiation: { mode: { pin: MODERN_REVISION } } };
  const timeoutMs = transport === 'stdio' ? stdioProbeTimeoutMs : httpProbeTimeoutMs;
  return { versionNegotiation: { mode: 'auto', probe: { timeoutMs, maxRetries: 0 } } };
}

/**
 * True when a stdio connect under Auto failed because the server went away during the probe: the
 * shape of servers (older SDKs among them) that exit on any request before `initialize`. Such a
 * server is a legacy one; it can only be asked again on a fresh process. The bridge answers the
 * orphaned probe itself (-32099), the SDK takes that for a legacy server and sends `initialize` to
 * a closed connection, or it reports the close during the probe: both end here.
 */
export function exitedOnProbe(
  error: unknown,
  target: ServerTarget,
  probe: ProbeWatch | undefined,
  closed: boolean,
): boolean {
  if (!probe || target.transport !== 'stdio') return false;
  if (error instanceof SdkError && /server\/discover probe/.test(error.message)) return true;
  return closed && probe.unansweredByServer();
}

/**
 * Watches the frames of a connection under Auto and tells what the probe found: when
 * `server/discover` left, what came back (a result, an error, nothing) and when the era was decided.
 */
export class ProbeWatch {
  private probe: { id: unknown; time: number } | undefined;
  private answer: { time: number; message: JSONRPCMessage; synthetic: boolean } | undefined;
  private fallbackAt: number | undefined;
  /** What the server answered instead of the probe (Auto's ping or tools/list), when that decided. */
  private answeredInstead: string | undefined;

  /** The server answered Auto's `ping` or `tools/list` but not the probe: decided early (era-probe-pace.ts). */
  hastened(answered: string): void {
    this.answeredInstead = answered;
  }

  /** Feed every frame of the connection here, in order. */
  see(frame: Frame): void {
    const message = frame.message as { id?: unknown; method?: string } | undefined;
    if (!message) return;
    if (frame.direction === 'out') {
      if (message.method === 'server/discover' && !this.probe)
        this.probe = { id: message.id, time: frame.time };
      else if (message.method === 'initialize' && this.probe) this.fallbackAt ??= frame.time;
      return;
    }
    if (this.probe && !this.answer && message.id === this.probe.id && message.method === undefined)
      this.answer = { time: frame.time, message: frame.message!, synthetic: frame.synthetic === true };
  }

  /**
   * The bridge's answer to the probe when the HTTP server refused it for want of authorization
   * (401, 403): falling back to `initialize` would fail the same way and hide why. A 5xx is not
   * one: some legacy servers fail on any method they do not know.
   */
  outage(): string | undefined {
    if (!this.answer?.synthetic) return undefined;
    const error = (this.answer.message as { error?: { message?: string; data?: { status?: unknown } } })
      .error;
    const status = error?.data?.status;
    if (status !== 401 && status !== 403) return undefined;
    return error?.message ?? `HTTP ${status}`;
  }

  /**
   * Auto gave up on the probe and sent `initialize`, and the server turned out modern: it refused
   * the handshake with -32022 (`connectError`), or answered the probe with a result after all. A
   * modern server that booted slower than the probe's timeout (npx, tsx under load) looks so; the
   * SDK cancels the timed-out probe, so its answer is mostly dropped.
   */
  modernAfterFallback(connectError: unknown): boolean {
    if (this.fallbackAt === undefined) return false;
    if ((connectError as { code?: unknown } | null)?.code === -32022) return true;
    return this.answer !== undefined && !this.answer.synthetic && 'result' in this.answer.message;
  }

  /** The probe left and the server itself never answered it (no answer, or only the bridge's). */
  unansweredByServer(): boolean {
    return this.probe !== undefined && (this.answer === undefined || this.answer.synthetic);
  }

  /** The probe's outcome once connected with `era` at `revision`; undefined when there was no probe. */
  verdict(era: ProtocolEra | undefined, revision: string | undefined): EraProbe | undefined {
    if (!this.probe) return undefined;
    const answer = this.answer?.message as { error?: { code: number; message: string } } | undefined;
    if (era === 'modern') {
      return {
        outcome: `server/discover answered: modern era (${revision ?? 'unknown revision'})`,
        ms: this.answer ? this.answer.time - this.probe.time : undefined,
      };
    }
    if (answer?.error) {
      return {
        outcome: `server/discover refused (${answer.error.code} ${answer.error.message}): legacy handshake on the same process`,
        ms: this.answer!.time - this.probe.time,
      };
    }
    if (this.answer) {
      return {
        outcome: 'server/discover gave no usable result: legacy handshake on the same process',
        ms: this.answer.time - this.probe.time,
      };
    }
    return {
      outcome: this.answeredInstead
        ? `no answer to server/discover, though the server answered ${this.answeredInstead}: legacy handshake on the same process`
        : 'no answer to server/discover: legacy handshake on the same process',
      ms: this.fallbackAt !== undefined ? this.fallbackAt - this.probe.time : undefined,
    };
  }
}

/** The probe's outcome when the server exited on it and was started again in legacy mode. */
export function restartedVerdict(): EraProbe {
  return {
    outcome: 'the server exited on server/discover: started once more in legacy mode',
    restarted: true,
  };
}

/**
 * Keeps Auto from falling back to `initialize` when the probe was refused for want of authorization:
 * the SDK takes any error but -32022 for a legacy server, and the bridge reports a failed POST as
 * its own error (DESIGN.md §5).
 */
export function stopFallbackOnOutage(transport: Transport, probe: ProbeWatch): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const outage = 'method' in message && message.method === 'initialize' ? probe.outage() : undefined;
    return outage ? Promise.reject(new Error(outage)) : send(message, options);
  };
}

/** The probe's outcome when a slow server answered it too late and was started again as modern. */
export function lateAnswerVerdict(): EraProbe {
  return {
    outcome:
      'server/discover timed out, then the server refused initialize as a modern one: started once more in the modern era',
    restarted: true,
  };
}

/** A probe's verdict marked as probed, saying so when a remembered era had failed first. */
export function probedVerdict(
  verdict: EraProbe | undefined,
  reprobed: boolean | undefined,
): EraProbe | undefined {
  if (!verdict) return undefined;
  const outcome = reprobed ? `the remembered era failed, probed again: ${verdict.outcome}` : verdict.outcome;
  return { ...verdict, outcome, source: 'probed' };
}
