import { Store } from '#client/lib/store.ts';

/** Something a View asked of the host that Toolscope shows rather than acts on (it has no chat). */
export interface ViewNote {
  id: number;
  time: number;
  kind: 'message' | 'model context' | 'log' | 'link' | 'download' | 'refused' | 'teardown';
  /** One line for the list. */
  summary: string;
  /** The request's params as sent. */
  detail?: unknown;
}

/** Most notes kept per View: a chatty View cannot grow the page without bound. */
const MAX_NOTES = 200;

/**
 * The notes of one View, newest last. Notes arriving together are published once (a chatty View costs one
 * render per burst, not one per message).
 */
export class ViewNotes extends Store<{ notes: ViewNote[] }> {
  private nextId = 1;
  private queued: ViewNote[] = [];

  constructor(private readonly schedule: (run: () => void) => void = (run) => setTimeout(run, 50)) {
    super({ notes: [] });
  }

  add(kind: ViewNote['kind'], summary: string, detail?: unknown): void {
    this.queued.push({ id: this.nextId++, time: Date.now(), kind, summary, detail });
    if (this.queued.length > 1) return;
    this.schedule(() => {
      const arrived = this.queued;
      this.queued = [];
      this.update((state) => ({ notes: trim([...state.notes, ...arrived]) }));
    });
  }
}

/** Keeps at most MAX_NOTES, dropping the oldest logs first: a flood of logs cannot hide a refused request. */
export function trim(notes: ViewNote[]): ViewNote[] {
  let excess = notes.length - MAX_NOTES;
  if (excess <= 0) return notes;
  const kept = notes.filter((note) => note.kind !== 'log' || excess-- <= 0);
  return kept.slice(-MAX_NOTES);
}
