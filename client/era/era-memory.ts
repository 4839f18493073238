import type { ProtocolEra } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import type { KnownEra } from '#shared/api-types.ts';
import { loadJson, saveJson } from '../lib/local-storage.ts';

/** The verdict Auto reached for one target, kept so the next connect need not probe. */
export interface RememberedEra {
  era: ProtocolEra;
  /** The revision negotiated then, e.g. `2026-07-28` or `2025-11-25`. */
  revision: string;
  /** When the verdict was reached (ms since the epoch). */
  at: number;
  /** Known without a probe, and by whom ("built-in demo server"); absent for Auto's own verdicts. */
  knownBy?: string;
}

/** Where verdicts live in the page's local storage. */
export const ERA_MEMORY_KEY = 'toolscope.eraVerdicts';

/** Most targets remembered; the oldest verdicts go first. */
const MAX_TARGETS = 200;

/**
 * The identity of a target for the era it speaks: the command, its arguments and folder for stdio
 * (one server program), the URL for HTTP. Env values and headers are left out: they hold secrets
 * and do not change which protocol the server speaks.
 */
export function eraIdentity(target: ServerTarget): string {
  if (target.transport === 'stdio')
    return JSON.stringify(['stdio', target.command, target.args, target.cwd ?? '']);
  return JSON.stringify([target.transport, target.url]);
}

/**
 * Auto's verdicts per target, in local storage (`storageKey`) or in memory only (null, and where
 * the page has no storage).
 */
export class EraMemory {
  private verdicts: Record<string, RememberedEra>;
  /** Eras known without a probe (the bridge's demo server), for this page only. */
  private readonly known = new Map<string, RememberedEra>();

  constructor(private readonly storageKey: string | null = ERA_MEMORY_KEY) {
    this.verdicts = storageKey ? loadJson<Record<string, RememberedEra>>(storageKey, {}) : {};
  }

  get(target: ServerTarget): RememberedEra | undefined {
    const verdict = this.verdicts[eraIdentity(target)] ?? this.known.get(eraIdentity(target));
    return verdict && (verdict.era === 'modern' || verdict.era === 'legacy') ? verdict : undefined;
  }

  remember(target: ServerTarget, era: ProtocolEra, revision: string): void {
    const entries = Object.entries(this.verdicts).filter(([key]) => key !== eraIdentity(target));
    entries.push([eraIdentity(target), { era, revision, at: Date.now() }]);
    this.save(Object.fromEntries(entries.slice(-MAX_TARGETS)));
  }

  /**
   * Takes `era` for `target` without a probe, until a verdict of Auto's own replaces it or it is
   * forgotten (then Auto probes). Not stored: the bridge says it again on every page load.
   */
  know(target: ServerTarget, era: KnownEra): void {
    this.known.set(eraIdentity(target), {
      era: era.era,
      revision: era.revision,
      at: Date.now(),
      knownBy: era.source,
    });
  }

  forget(target: ServerTarget): void {
    this.known.delete(eraIdentity(target));
    const { [eraIdentity(target)]: _forgotten, ...rest } = this.verdicts;
    this.save(rest);
  }

  private save(verdicts: Record<string, RememberedEra>): void {
    this.verdicts = verdicts;
    if (this.storageKey) saveJson(this.storageKey, verdicts);
  }
}
