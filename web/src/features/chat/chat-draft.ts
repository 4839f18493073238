import { Store } from '#client/lib/store.ts';

/** What the chat's message box holds before it is sent. */
export interface ChatDraftState {
  text: string;
  /** Where the text came from, said above the box until sent ("From the prompt greet"). */
  source?: string;
}

const drafts = new WeakMap<object, Store<ChatDraftState>>();

/**
 * The chat's message box of these services (keyed by the call runner, as the conversation is): other parts
 * of the page put text in it ("Use in Chat" on a prompt) for the author to read, edit and send.
 */
export function chatDraft(runner: object): Store<ChatDraftState> {
  let draft = drafts.get(runner);
  if (!draft) {
    draft = new Store<ChatDraftState>({ text: '' });
    drafts.set(runner, draft);
  }
  return draft;
}
