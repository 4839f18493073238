import type { McpSession } from '#client/session/mcp-session.ts';

/** Why a watched resource is read again. */
export type ResourceChange = 'updated' | 'list changed';

/**
 * The opt-in watch of Views' resources (host controls → "Watch resource"): while a View of a `ui://` resource
 * is shown, a `notifications/resources/updated` for it, or `notifications/resources/list_changed`, makes the
 * page read it again, so a developer who rebuilds a View sees the new one at once. On a 2025-era connection
 * to a server that declares `resources.subscribe` the page subscribes to the URI (the 2026-07-28 revision has
 * no per-resource subscription; its list changes arrive on the connection's `subscriptions/listen`).
 * Notifications are read from the trace (it grows in place; a clear starts a new array), so the handlers
 * other parts of the page register stay theirs.
 * Several Views of one URI share one subscription.
 */
export class ResourceWatch {
  private readonly watched = new Map<string, { views: number; subscribed: boolean }>();
  private stopReading: (() => void) | undefined;

  constructor(
    private readonly session: McpSession,
    private readonly changed: (uri: string, why: ResourceChange) => void,
  ) {}

  /** Watches `uri` for one View; returns the function that stops (the last View's stop unsubscribes). */
  watch(uri: string): () => void {
    const entry = this.watched.get(uri);
    if (entry) entry.views++;
    else {
      const added = { views: 1, subscribed: false };
      this.watched.set(uri, added);
      void this.subscribe(uri, added);
    }
    this.startReading();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.release(uri);
    };
  }

  /** The URIs watched now (for tests and the panel). */
  uris(): string[] {
    return [...this.watched.keys()];
  }

  private release(uri: string): void {
    const entry = this.watched.get(uri);
    if (!entry) return;
    if (--entry.views > 0) return;
    this.watched.delete(uri);
    if (entry.subscribed) void this.session.currentClient?.unsubscribeResource({ uri }).catch(() => {});
    if (this.watched.size === 0) {
      this.stopReading?.();
      this.stopReading = undefined;
    }
  }

  private async subscribe(uri: string, entry: { subscribed: boolean }): Promise<void> {
    const client = this.session.currentClient;
    const server = this.session.state.get().server;
    const declares =
      (server?.capabilities.resources as { subscribe?: unknown } | undefined)?.subscribe === true;
    if (!client || !declares || server?.era === 'modern') return;
    try {
      await client.subscribeResource({ uri });
      entry.subscribed = true;
      // Stopped while the subscription was on its way: take it back.
      if (this.watched.get(uri) !== entry) void client.unsubscribeResource({ uri }).catch(() => {});
    } catch {
      // A server that refuses gets no subscription; its list changes still count.
    }
  }

  private startReading(): void {
    if (this.stopReading) return;
    // The trace's earlier notifications are history, not changes: only frames arriving from now on count.
    const trace = this.session.trace;
    let frames = trace.get().frames;
    let seen = frames.length;
    const read = () => {
      const now = trace.get().frames;
      // A cleared trace starts a new array: read it from its beginning.
      if (now !== frames) {
        frames = now;
        seen = 0;
      }
      for (; seen < frames.length; seen++) {
        const frame = frames[seen]!;
        const message = frame.message as { id?: unknown; method?: unknown; params?: unknown } | undefined;
        if (frame.direction !== 'in' || !message || message.id !== undefined) continue;
        this.notified(message.method, message.params);
      }
    };
    this.stopReading = trace.subscribe(read);
  }

  private notified(method: unknown, params: unknown): void {
    if (method === 'notifications/resources/list_changed')
      for (const uri of this.watched.keys()) this.changed(uri, 'list changed');
    else if (method === 'notifications/resources/updated') {
      const uri = (params as { uri?: unknown } | undefined)?.uri;
      if (typeof uri === 'string' && this.watched.has(uri)) this.changed(uri, 'updated');
    }
  }
}
