import { hit, UserCounts, type LimitHit, type Slot } from './connection-slots.ts';

/**
 * Counts each user's open page sockets against `limits.socketsPerUser`: an idle socket costs the
 * bridge little, but a script opening thousands of them costs memory and file descriptors.
 */
export class UserSockets {
  private readonly open = new UserCounts();

  /** `limit` may change (a reloaded config): sockets already open stay open. */
  constructor(public limit: number) {}

  /** A place for one more socket of `user`, or the limit it would break. */
  take(user: string): Slot | LimitHit {
    const mine = this.open.of(user);
    if (mine >= this.limit)
      return hit(
        'socketsPerUser',
        this.limit,
        `you already have ${mine} open; close some tabs of Toolscope and try again`,
      );
    return this.open.add(user);
  }
}
