/**
 * Everything a benchmark started, stopped in reverse order however the run ends (error, Ctrl+C),
 * so no server, bridge or browser outlives it.
 */
export class CleanupStack {
  private readonly tasks: { what: string; run: () => Promise<void> | void }[] = [];

  /** Registers `run` to stop something; returns `run` for an early, explicit stop. */
  defer(what: string, run: () => Promise<void> | void): void {
    this.tasks.push({ what, run });
  }

  /** Stops everything registered, newest first; reports failures without stopping early. */
  async runAll(): Promise<void> {
    while (this.tasks.length) {
      const task = this.tasks.pop()!;
      try {
        await task.run();
      } catch (error) {
        console.error(`cleanup: could not stop ${task.what}: ${(error as Error).message}`);
      }
    }
  }
}
