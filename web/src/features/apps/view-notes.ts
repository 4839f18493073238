import { Store } from '../../lib/store.ts';

/** Something a View asked of the host that Toolscope shows rather than acts on (it has no chat). */
export interface ViewNote {
  id: number;
  time: number;
  kind: 'message' | 'model context' | 'log' | 'link' | 'refused' | 'teardown';
  /** One line for the list. */
  summary: string;
  /** The request's params as sent. */
  detail?: unknown;
}

/** Most notes kept per View: a chatty View cannot grow the page without bound. */
const MAX_NOTES = 200;

/** The notes of one View, newest last. */
export class ViewNotes extends Store<{ notes: ViewNote[] }> {
  private nextId = 1;

  constructor() {
    super({ notes: [] });
  }

  add(kind: ViewNote['kind'], summary: string, detail?: unknown): void {
    const note: ViewNote = { id: this.nextId++, time: Date.now(), kind, summary, detail };
    this.update((state) => ({ notes: [...state.notes.slice(-(MAX_NOTES - 1)), note] }));
  }
}
