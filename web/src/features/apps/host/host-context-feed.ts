import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ContainerDimensions } from './host-context.ts';

/** How long a resize must be still before its size is sent, and the longest a resize's size may wait. */
export const RESIZE_QUIET_MS = 150;
export const RESIZE_MAX_WAIT_MS = 1000;

/** The part of the host context that changes while a View is open. */
export type HostContextChange = Partial<McpUiHostContext>;

/** What a {@link HostContextFeed} needs: where changes go, the clock, and the container's size now. */
export interface HostContextFeedOptions {
  /** Sends `ui/notifications/host-context-changed` with these fields. */
  send: (change: HostContextChange) => void;
  /** The container's size now; undefined while it is hidden (another Result tab shows). */
  container: () => ContainerDimensions | undefined;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => number;
}

/**
 * Feeds a View's host context changes, sending only what differs from what the View last got: a page resize
 * or a dialog makes the container report its size many times per second, often unchanged, and every report
 * was a trace row. Sizes wait until the resize is still ({@link RESIZE_QUIET_MS}, at most
 * {@link RESIZE_MAX_WAIT_MS}); other changes (theme, display mode, the host controls) go at once.
 */
export class HostContextFeed {
  private last: HostContextChange;
  private open = false;
  private timer: unknown;
  private firstPending: number | undefined;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly now: () => number;

  /** `initial` is the context the View gets in `ui/initialize`. */
  constructor(
    initial: HostContextChange,
    private readonly options: HostContextFeedOptions,
  ) {
    this.last = { ...initial };
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as number));
    this.now = options.now ?? (() => Date.now());
  }

  /**
   * The View initialized: from now on changes are sent, starting with what changed since the context it got
   * (`current` holds the other fields as they are now).
   */
  opened(current: HostContextChange = {}): void {
    this.open = true;
    this.change({ ...this.containerDimensions(), ...current });
  }

  /** Sends the fields of `change` that differ from what the View has, at once (with any waiting size). */
  change(change: HostContextChange): void {
    const size = this.firstPending === undefined ? undefined : this.containerDimensions();
    this.cancelPending();
    const fields = { ...size, ...change };
    // Before the View initialized nothing is sent: opened() sends what changed meanwhile.
    if (!this.open) return;
    const changed: HostContextChange = {};
    for (const [key, value] of Object.entries(fields) as [keyof HostContextChange, unknown][]) {
      if (value === undefined || sameValue(this.last[key], value)) continue;
      (changed as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(changed).length === 0) return;
    this.last = { ...this.last, ...changed };
    this.options.send(changed);
  }

  /** The container reported a new size: send it once the resize is still, or at the latest after the max wait. */
  resized(): void {
    if (!this.open) return;
    const now = this.now();
    this.firstPending ??= now;
    if (this.timer !== undefined) this.clearTimer(this.timer);
    const wait = Math.min(RESIZE_QUIET_MS, this.firstPending + RESIZE_MAX_WAIT_MS - now);
    this.timer = this.setTimer(() => this.change({}), Math.max(wait, 0));
  }

  /** The View is closing: nothing more is sent. */
  stop(): void {
    this.cancelPending();
    this.open = false;
  }

  private cancelPending(): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    this.firstPending = undefined;
  }

  /** The size to announce, or none while the View is hidden (keep the last size rather than announce 0). */
  private containerDimensions(): HostContextChange | undefined {
    const size = this.options.container();
    if (!size) return undefined;
    const rounded = Object.fromEntries(
      Object.entries(size).map(([key, value]) => [
        key,
        typeof value === 'number' ? Math.round(value) : value,
      ]),
    ) as ContainerDimensions;
    return { containerDimensions: rounded };
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
