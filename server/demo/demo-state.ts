/**
 * What the demo server remembers beyond one server instance. Over HTTP, the 2026-07-28 era builds
 * a fresh McpServer for every request and each 2025-era session has its own, so state that must
 * outlive a request (is `extra_tool` switched on? which tasks run?) lives here, shared by every
 * instance of one demo process.
 */
import { DemoTaskStore } from './tasks/demo-task-store.ts';

/** Shared state of one demo server process. */
export class DemoState {
  /** Whether `toggle_extra_tool` has switched `extra_tool` on. */
  private extraToolOn = false;
  private readonly listeners = new Set<() => void>();
  readonly tasks = new DemoTaskStore();

  get extraTool(): boolean {
    return this.extraToolOn;
  }

  /** Switches `extra_tool` on or off; listeners hear of a change (not of a no-op). */
  setExtraTool(on: boolean): boolean {
    if (on === this.extraToolOn) return false;
    this.extraToolOn = on;
    for (const listener of [...this.listeners]) listener();
    return true;
  }

  /** Calls `listener` after every change of the tool list; returns the unsubscribe function. */
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the timers of running tasks (the process is ending). */
  close(): void {
    this.tasks.close();
  }
}
