import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { Store } from '#client/lib/store.ts';
import { loadJson, saveJson } from '#client/lib/local-storage.ts';

/** Which server-initiated features the client offers; each adds a capability in initialize. */
export interface CapabilityFlags {
  sampling: boolean;
  elicitation: boolean;
  roots: boolean;
}

const STORAGE_KEY = 'toolscope.client-capabilities';
const DEFAULTS: CapabilityFlags = { sampling: true, elicitation: true, roots: true };

/**
 * The user's choice of client capabilities, kept in localStorage. Servers decide what to offer
 * from the capabilities declared in initialize, so a change applies at the next connect.
 */
export class CapabilitySettings extends Store<CapabilityFlags> {
  constructor(
    /** null keeps the state in memory only. */
    private readonly storageKey: string | null = STORAGE_KEY,
  ) {
    super(storageKey ? readFlags(storageKey) : DEFAULTS);
  }

  /** Turns one feature on or off and remembers it. */
  set(feature: keyof CapabilityFlags, enabled: boolean): void {
    this.update({ [feature]: enabled });
    if (this.storageKey) saveJson(this.storageKey, this.get());
  }
}

/** The capabilities to declare in initialize for these flags. */
export function toClientCapabilities(flags: CapabilityFlags): ClientCapabilities {
  return {
    ...(flags.sampling ? { sampling: {} } : {}),
    ...(flags.elicitation ? { elicitation: { form: {}, url: {} } } : {}),
    ...(flags.roots ? { roots: { listChanged: true } } : {}),
  };
}

/** Stored flags, with defaults for anything missing or malformed (older versions, hand edits). */
function readFlags(key: string): CapabilityFlags {
  const raw = loadJson<unknown>(key, {});
  const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const flag = (name: keyof CapabilityFlags): boolean => {
    const value = stored[name];
    return typeof value === 'boolean' ? value : DEFAULTS[name];
  };
  return { sampling: flag('sampling'), elicitation: flag('elicitation'), roots: flag('roots') };
}
