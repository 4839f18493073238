import type { ProtocolEra } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import { loadJson, saveJson } from '../lib/local-storage.ts';

/** The verdict Auto reached for one target, kept so the next connect need not probe. */
export interface RememberedEra {
  era: ProtocolEra;
  /** The revision negotiated then, e.g. `2026-07-28` or `2025-11-25`. */
  revision: string;
  /** When the verdict was reached (ms since the epoch). */
  at: number;
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

  constructor(private readonly storageKey: string | null = ERA_MEMORY_KEY) {
    this.verdicts = storageKey ? loadJson<Record<string, RememberedEra>>(storageKey, {}) : {};
  }

  get(target: ServerTarget): RememberedEra | undefined {
    const verdict = this.verdicts[eraIdentity(target)];
    return verdict && (verdict.era === 'modern' || verdict.era === 'legacy') ? verdict : undefined;
  }

  remember(target: ServerTarget, era: ProtocolEra, revision: string): void {
    const entries = Object.entries(this.verdicts).filter(([key]) => key !== eraIdentity(target));
    entries.push([eraIdentity(target), { era, revision, at: Date.now() }]);
    this.save(Object.fromEntries(entries.slice(-MAX_TARGETS)));
  }

  forget(target: ServerTarget): void {
    const { [eraIdentity(target)]: _forgotten, ...rest } = this.verdicts;
    this.save(rest);
  }

  private save(verdicts: Record<string, RememberedEra>): void {
    this.verdicts = verdicts;
    if (this.storageKey) saveJson(this.storageKey, verdicts);
  }
}
