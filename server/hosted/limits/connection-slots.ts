import type { LimitRefusal } from '#shared/hosted.ts';
import type { TransportKind } from '#shared/targets.ts';
import type { LimitsConfig } from '../config/config-schema.ts';

/** A connection's place under the limits; `release` gives it back (once, however often it is called). */
export interface Slot {
  release(): void;
}

/** A limit said no: the message the page shows, and which limit. */
export interface LimitHit {
  message: string;
  limit: LimitRefusal;
}

/** How many places each user holds (connections, sockets), users holding none forgotten. */
export class UserCounts {
  private readonly counts = new Map<string, number>();

  /** How many `user` holds now. */
  of(user: string): number {
    return this.counts.get(user) ?? 0;
  }

  /** Counts one more for `user`; its slot counts it back once, then runs `onRelease`. */
  add(user: string, onRelease?: () => void): Slot {
    this.counts.set(user, this.of(user) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = this.of(user) - 1;
        if (left > 0) this.counts.set(user, left);
        else this.counts.delete(user);
        onRelease?.();
      },
    };
  }
}

/**
 * Counts open connections (channels with a connection) per user and in total, and stdio child processes,
 * against the config's limits. Counts are per process: each `serve` behind a load balancer keeps
 * its own.
 */
export class ConnectionSlots {
  private readonly perUser = new UserCounts();
  private total = 0;
  private children = 0;

  /** Replaced when the config is reloaded: places already taken stay, new ones are counted against these. */
  constructor(public limits: LimitsConfig) {}

  /** A slot for a new connection of `user`, or the limit it would break. */
  take(user: string, transport: TransportKind): Slot | LimitHit {
    const mine = this.perUser.of(user);
    if (mine >= this.limits.connectionsPerUser)
      return hit(
        'connectionsPerUser',
        this.limits.connectionsPerUser,
        `you already have ${mine} open; disconnect one (in another of your tabs) and connect again`,
      );
    if (this.total >= this.limits.connectionsTotal)
      return hit(
        'connectionsTotal',
        this.limits.connectionsTotal,
        'the bridge is full; try again later, or ask your admin',
      );
    const stdio = transport === 'stdio';
    if (stdio && this.children >= this.limits.stdioProcessesTotal)
      return hit(
        'stdioProcessesTotal',
        this.limits.stdioProcessesTotal,
        'no more server processes can start now; try again later, or ask your admin',
      );
    this.total++;
    if (stdio) this.children++;
    return this.perUser.add(user, () => {
      this.total--;
      if (stdio) this.children--;
    });
  }

  /** Connections open now. */
  get connections(): number {
    return this.total;
  }

  /** stdio child processes running (or starting) now. */
  get childProcesses(): number {
    return this.children;
  }
}

const DESCRIPTIONS: Record<LimitRefusal['limit'], (value: number) => string> = {
  connectionsPerUser: (value) => `at most ${value} open connection${value === 1 ? '' : 's'} per user`,
  connectionsTotal: (value) => `at most ${value} open connections on this bridge`,
  stdioProcessesTotal: (value) => `at most ${value} server processes on this bridge`,
  maxMessageBytes: (value) => `messages of at most ${value} bytes`,
  idleConnectionSeconds: (value) => `connections close after ${value} s without activity`,
  toolCallsPerMinute: (value) => `at most ${value} tool calls per minute per user`,
  sendBytesPerMinute: (value) => `at most ${value} bytes sent per minute per user`,
  socketsPerUser: (value) => `at most ${value} open pages (sockets) per user`,
  recordingBytesPerUser: (value) => `at most ${value} bytes of recordings per user`,
  recordedFrameBytes: (value) => `frames of at most ${value} bytes recorded whole`,
};

/** A limit hit with a message naming the limit, its value, its config key and what to do. */
export function hit(
  limit: LimitRefusal['limit'],
  value: number,
  advice: string,
  retryAfterMs?: number,
): LimitHit {
  return {
    message: `Limit reached: ${DESCRIPTIONS[limit](value)} (limits.${limit}): ${advice}.`,
    limit: { limit, value, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
  };
}

/** True when `taken` is a limit hit rather than a slot. */
export function isLimitHit(taken: Slot | LimitHit): taken is LimitHit {
  return 'limit' in taken;
}
