/**
 * Guided mode of the OAuth debugger, for one connection: the SDK's own sign-in (`auth()` and its
 * discovery, registration and token requests) runs as usual, but waits here before each request
 * until the page says "Next step", so a person reads each request and answer before the next one
 * is sent. Not a second OAuth implementation: only a pause on the same code path.
 */
export class OAuthGuide {
  private waiting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private stopped = false;

  /** Resolves at the page's next "Next step"; rejects once the connection ended. */
  wait(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('Guided sign-in stopped: the connection ended'));
    // One request waits at a time: the SDK's sign-in sends its requests one after another.
    this.waiting?.resolve();
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** "Next step": lets the waiting request go. */
  next(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve();
  }

  /** The connection ended: nothing waits any more (its sign-in fails instead of hanging). */
  stop(): void {
    this.stopped = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(new Error('Guided sign-in stopped: the connection ended'));
  }
}
