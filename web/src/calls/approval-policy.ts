import type { Tool } from '@modelcontextprotocol/client';
import { Store } from '#client/lib/store.ts';
import { claimsReadOnly } from '#client/tools/tool-annotations.ts';
import { fallbackKey } from '#client/tools/tool-identity.ts';
import { loadJson, saveJson } from '#client/lib/local-storage.ts';

/** Settings that decide when a call needs the user's approval, and how long calls may run. */
export interface CallSettings {
  /** Servers (by description) whose annotations the user trusts. */
  trustedServers: string[];
  /** Skip the dialog for tools that a trusted server marks read-only. */
  skipReadOnlyOfTrusted: boolean;
  /** Per-call timeout in ms, reset by progress. */
  timeoutMs: number;
  /** Upper bound on a call in ms, however much progress arrives. */
  maxTotalMs: number;
}

export interface ApprovalPolicyState extends CallSettings {
  /** "Always allow this tool" answers of this page, as server + NUL + tool key (see client/tools/tool-identity.ts). */
  alwaysAllowed: string[];
}

const STORAGE_KEY = 'toolscope.call-settings';

export const DEFAULT_CALL_SETTINGS: CallSettings = {
  trustedServers: [],
  skipReadOnlyOfTrusted: false,
  timeoutMs: 60_000,
  maxTotalMs: 10 * 60_000,
};

/**
 * Human in the loop: every tools/call is shown to the user first, unless they said "always allow"
 * for that tool in this page, or chose to skip read-only tools of a server they trust.
 * Annotations are the server's claims, so they count only for trusted servers.
 */
export class ApprovalPolicy extends Store<ApprovalPolicyState> {
  constructor() {
    super({
      ...DEFAULT_CALL_SETTINGS,
      ...loadJson<Partial<CallSettings>>(STORAGE_KEY, {}),
      alwaysAllowed: [],
    });
  }

  /**
   * `toolKey` tells tools with the same name apart, so "Always allow" given to one of them does not
   * cover the other. A tool that claims read-only and destructive at once is not treated as read-only.
   */
  needsApproval(server: string, tool: Tool, toolKey: string = fallbackKey(tool)): boolean {
    const state = this.get();
    if (state.alwaysAllowed.includes(allowKey(server, toolKey))) return false;
    return !(state.skipReadOnlyOfTrusted && claimsReadOnly(tool.annotations) && this.isTrusted(server));
  }

  isTrusted(server: string): boolean {
    return this.get().trustedServers.includes(server);
  }

  /** Skips the dialog for this tool (by key) of this server for the rest of this page's life. */
  alwaysAllow(server: string, toolKey: string): void {
    const key = allowKey(server, toolKey);
    this.update((state) => ({
      alwaysAllowed: state.alwaysAllowed.includes(key) ? state.alwaysAllowed : [...state.alwaysAllowed, key],
    }));
  }

  setTrusted(server: string, trusted: boolean): void {
    this.updateSettings((state) => ({
      trustedServers: trusted
        ? [...new Set([...state.trustedServers, server])]
        : state.trustedServers.filter((s) => s !== server),
    }));
  }

  /** Changes settings and keeps them for the next visit. */
  updateSettings(
    patch: Partial<CallSettings> | ((state: ApprovalPolicyState) => Partial<CallSettings>),
  ): void {
    this.update(patch);
    const { alwaysAllowed: _session, ...settings } = this.get();
    saveJson(STORAGE_KEY, settings);
  }
}

function allowKey(server: string, toolKey: string): string {
  return `${server}\u0000${toolKey}`;
}
