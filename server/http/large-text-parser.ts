import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseResult } from './large-text-job.ts';

/**
 * Reads the page's large texts in a worker thread: decoding, `JSON.parse`, validation and the
 * relay's `JSON.stringify` of a 15 MiB message each hold the bridge's one event loop for 100-300 ms
 * on the main thread (the hosted flood profile in docs/performance.md), and every other user's
 * message waits behind them. The worker starts when warmed or with the first large text and is
 * shared by every socket; jobs are answered in order.
 *
 * Until the worker says it is ready, and whenever it cannot be used (it failed to start, as under a
 * test runner that cannot load its TypeScript), `parse` answers `undefined` and the caller reads the
 * text itself on the event loop. A ready worker is handed the text's memory (moved, not copied: a flood
 * would hold each 15 MiB text three times); should it stop during a job, that text is answered as
 * unread.
 */
export class LargeTextParser {
  private worker: Worker | undefined;
  private ready = false;
  private broken = false;
  private nextId = 0;
  private readonly waiting = new Map<number, (result: ParseResult | undefined) => void>();
  private settleStarted: (ready: boolean) => void = () => {};
  /** True once the worker is ready; false if it failed first (large texts are then read on the event loop). */
  readonly started = new Promise<boolean>((resolve) => (this.settleStarted = resolve));

  /**
   * `largestText`: the largest text the socket accepts, in bytes (its heap is sized from it);
   * `url`: the worker's module (tests name the bundle's, or one that cannot load).
   */
  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly largestText = 32 * MIB,
    private readonly url: URL = workerUrl(),
  ) {}

  /** The messages of `data` (a whole UTF-8 text) as the worker read them, or undefined: read it yourself. */
  parse(data: Uint8Array): Promise<ParseResult | undefined> {
    const worker = this.start();
    if (!worker || !this.ready) return Promise.resolve(undefined);
    const id = this.nextId++;
    // ws's buffer of a large text is its own memory; anything else (a slice of a larger one) is copied.
    const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
    const bytes = owned ? data : new Uint8Array(data);
    const job: ParseJob = { id, bytes };
    return new Promise((resolve) => {
      this.waiting.set(id, (result) => resolve(result ?? unread(id)));
      try {
        worker.postMessage(job, [bytes.buffer as ArrayBuffer]);
      } catch {
        // Memory that may not move (a pool's): copied after all, and the caller keeps its own.
        this.waiting.set(id, resolve);
        worker.postMessage({ id, bytes: new Uint8Array(data) } satisfies ParseJob);
      }
    });
  }

  /**
   * Starts the worker ahead of need (it loads in about 0.3 s of CPU): a large text that comes
   * before it is ready is read on the event loop. Hosted mode calls it when a page socket opens.
   * From the sources it does nothing: there the worker compiles its TypeScript (over 1 s of CPU),
   * which every in-process test bridge would pay; it starts with the first large text instead.
   */
  warm(): void {
    if (!this.url.pathname.endsWith('.ts')) this.start();
  }

  /** Stops the worker (the bridge is closing); waiting texts are read by their callers. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.broken = true;
    this.ready = false;
    this.settleStarted(false);
    this.settleAll();
    await worker?.terminate();
  }

  private start(): Worker | undefined {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = this.url.pathname.endsWith('.ts')
        ? // From the sources (tsx): the worker registers tsx itself, as its thread does not inherit it.
          new Worker(
            `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
              `.then(({ register }) => { register(); return import(${JSON.stringify(this.url.href)}); })`,
            { eval: true, resourceLimits: this.heapLimits() },
          )
        : new Worker(this.url, { resourceLimits: this.heapLimits() });
      // An idle reader never keeps the bridge's process alive.
      worker.unref();
      worker.on('message', (result: ParseResult | 'ready') => {
        if (result === 'ready') {
          this.ready = true;
          return this.settleStarted(true);
        }
        const resolve = this.waiting.get(result.id);
        this.waiting.delete(result.id);
        resolve?.(result);
      });
      worker.on('error', (error) => this.fail(error.message));
      worker.on('exit', (code) => {
        if (this.worker === worker) this.fail(`it exited with code ${code}`);
      });
      this.worker = worker;
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
    return this.worker;
  }

  /**
   * A bounded heap, so that the worker collects its garbage often: without a limit its heap held
   * several 15 MiB texts' strings at once (a flood's peak RSS grew by about 100 MB more; in a
   * test of 6 texts, 517 MB against 361 MB with 128 MB). A job holds its text about three times
   * (decoded, parsed, re-serialised): four times the largest text leaves room. A text that still
   * does not fit stops the worker, and every text is read on the event loop from then on.
   */
  private heapLimits() {
    return { maxOldGenerationSizeMb: Math.max(64, Math.ceil((4 * this.largestText) / MIB)) };
  }

  private fail(reason: string): void {
    if (!this.broken) this.log(`Large texts are read on the main thread: the text reader failed (${reason})`);
    this.broken = true;
    this.ready = false;
    this.settleStarted(false);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.settleAll();
  }

  private settleAll(): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const resolve of waiting) resolve(undefined);
  }
}

const MIB = 1024 * 1024;

/** A text the worker took and could not read (it stopped): answered as a bad message, not relayed. */
function unread(id: number): ParseResult {
  return {
    id,
    messages: [{ type: 'refused', error: 'the bridge could not read this large message', connect: false }],
    texts: [undefined],
  };
}

/** The worker's file: beside this module's, as TypeScript from the sources or as the bundle's `lib/large-text-worker.js`. */
function workerUrl(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './large-text-worker.ts' : './large-text-worker.js', import.meta.url);
}
