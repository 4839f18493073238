import { Store } from '#client/lib/store.ts';

/** The user's answer for one View's permissions: what was granted (empty when denied). */
export interface PermissionDecision {
  granted: readonly string[];
}

/**
 * The user's answers to Views' permission requests on this connection, by View (its URI and what it asks
 * for: a resource that asks for more is asked about again). Forgotten when the connection changes.
 */
export class PermissionGrants extends Store<{ decisions: ReadonlyMap<string, PermissionDecision> }> {
  constructor() {
    super({ decisions: new Map() });
  }

  /** The answer given for this View's request, or undefined when the user was not asked yet. */
  decisionFor(uri: string, requested: readonly string[]): PermissionDecision | undefined {
    return this.get().decisions.get(keyOf(uri, requested));
  }

  /** Records the answer: all of what was asked for, or nothing. */
  decide(uri: string, requested: readonly string[], allow: boolean): void {
    const decisions = new Map(this.get().decisions);
    decisions.set(keyOf(uri, requested), { granted: allow ? [...requested] : [] });
    this.update({ decisions });
  }

  /** Forgets every answer (a new connection). */
  clear(): void {
    if (this.get().decisions.size) this.update({ decisions: new Map() });
  }
}

function keyOf(uri: string, requested: readonly string[]): string {
  return JSON.stringify([uri, [...requested].sort()]);
}
