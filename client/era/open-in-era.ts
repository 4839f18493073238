import { SdkError, type Client } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE } from '#shared/bridge-protocol.ts';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import type { EraMemory, RememberedEra } from './era-memory.ts';
import {
  exitedOnProbe,
  lateAnswerVerdict,
  restartedVerdict,
  type EraProbe,
  type ProbeWatch,
} from './era-negotiation.ts';
import type { TracedTransport } from '../transport/traced-transport.ts';

/** One connection attempt in one era: what it made, and the error if connecting failed. */
export interface Attempt {
  client: Client;
  transport: TracedTransport;
  probe?: ProbeWatch;
  error?: unknown;
}

/** How a connect went through Auto's memory and fallbacks. */
export interface OpenedInEra {
  attempt: Attempt;
  /** The remembered verdict the connection used (no probe). */
  remembered?: RememberedEra;
  /** A remembered verdict failed as if the server had changed, so Auto probed again. */
  reprobed?: boolean;
}

/**
 * True when a connect in a remembered era failed the way a server that changed its era fails: the
 * server itself refused (-32022 to `initialize`, an error to `server/discover`) or the era could not
 * be negotiated. The bridge's own errors (-32099) and closed connections are outages, not that.
 */
export function serverChanged(error: unknown): boolean {
  if (error instanceof SdkError) return error.code === 'ERA_NEGOTIATION_FAILED';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code !== RELAY_ERROR_CODE;
}

/**
 * Opens a connection in the target's era. Under Auto a remembered verdict is used as is (no
 * probe); when it fails as if the server changed, the verdict is forgotten and Auto probes once
 * more. A probe then has its own fallbacks: a modern server slower than the probe is started again
 * in the modern era, a server that exited on the probe once more in the legacy era. `restart`
 * closes a failed attempt before the next and says whether the connect is still wanted.
 */
export async function openInEra({
  target,
  chosen,
  memory,
  open,
  restart,
  failedAtStart = () => false,
}: {
  target: ServerTarget;
  chosen: ProtocolEraChoice;
  memory: EraMemory | undefined;
  /** The server could not start at all (its stderr says so): no era would help, so there is no second try. */
  failedAtStart?: () => boolean;
  open: (era: ProtocolEraChoice) => Promise<Attempt>;
  restart: (failed: Attempt, verdict: EraProbe | undefined) => Promise<boolean>;
}): Promise<OpenedInEra | undefined> {
  const remembered = chosen === 'auto' ? memory?.get(target) : undefined;
  let attempt = await open(remembered?.era ?? chosen);
  if (attempt.error === undefined) return { attempt, remembered };
  if (!remembered) return withProbeFallbacks(target, attempt, open, restart, false, failedAtStart);
  if (!serverChanged(attempt.error)) return { attempt, remembered };
  memory?.forget(target);
  if (!(await restart(attempt, undefined))) return undefined;
  attempt = await open('auto');
  return withProbeFallbacks(target, attempt, open, restart, true, failedAtStart);
}

async function withProbeFallbacks(
  target: ServerTarget,
  first: Attempt,
  open: (era: ProtocolEraChoice) => Promise<Attempt>,
  restart: (failed: Attempt, verdict: EraProbe | undefined) => Promise<boolean>,
  reprobed: boolean,
  failedAtStart: () => boolean,
): Promise<OpenedInEra | undefined> {
  let attempt = first;
  const { error, probe, transport } = attempt;
  if (error !== undefined && probe?.modernAfterFallback(error)) {
    if (!(await restart(attempt, lateAnswerVerdict()))) return undefined;
    attempt = await open('modern');
  } else if (
    error !== undefined &&
    exitedOnProbe(error, target, probe, transport.closeReason !== undefined) &&
    !failedAtStart()
  ) {
    // Probing in place spared a second process; a server that exits on the probe gets one, once.
    if (!(await restart(attempt, restartedVerdict()))) return undefined;
    attempt = await open('legacy');
  }
  return { attempt, reprobed };
}
