import { Store } from '#client/lib/store.ts';
import type { Observable } from '../../../ui/use-store.ts';
import { textOf } from '../host/view-requests.ts';

/**
 * What a View asks to put before the model, waiting for the user in the Chat: a message to send
 * (`ui/message`) or context to add to the next message (`ui/update-model-context`). Nothing reaches the
 * model unless the user says so.
 */
export interface ViewProposal {
  id: number;
  kind: 'message' | 'context';
  /** The tool whose View asks ("the get_weather View"). */
  viewOf: string;
  /** What would go to the model, as text. */
  text: string;
}

/** The page's chat as the proposals need it: what the user sends or adds goes there. */
export interface ModelChat extends Observable<{ busy: boolean; attached: readonly string[] }> {
  send(text: string): Promise<void>;
  attachContext(text: string): void;
  clearAttached(): void;
}

/**
 * The View's requests for the model, routed to the Chat once it has been opened. They are answered where the
 * user is: beside the View on the tools stage, or in the Chat.
 */
export class ViewModelInbox extends Store<{ proposals: ViewProposal[]; chat?: ModelChat }> {
  private nextId = 1;
  private readonly answers = new Map<number, (accepted: boolean) => void>();

  constructor() {
    super({ proposals: [] });
  }

  /** The Chat opened: from now on Views' requests for the model wait for the user, and go to this chat. */
  openChat(chat: ModelChat): void {
    if (this.get().chat !== chat) this.update({ chat });
  }

  /**
   * A View's `ui/message`: undefined when no chat is open (the host only notes it); else resolves when the
   * user sends it (true) or does not (false).
   */
  proposeMessage(viewOf: string, content: unknown): Promise<boolean> | undefined {
    if (!this.get().chat) return undefined;
    return this.propose('message', viewOf, textOf(content, Number.POSITIVE_INFINITY));
  }

  /**
   * A View's `ui/update-model-context`: false when no chat is open. Each update replaces the one this View
   * offered before (the extension keeps only the last), and is answered at once: context waits for the next
   * message, and goes with it only if the user adds it.
   */
  offerContext(viewOf: string, content: unknown, structured: unknown): boolean {
    if (!this.get().chat) return false;
    const text = [textOf(content, Number.POSITIVE_INFINITY), structured ? JSON.stringify(structured) : '']
      .filter(Boolean)
      .join('\n');
    for (const old of this.get().proposals)
      if (old.kind === 'context' && old.viewOf === viewOf) this.settle(old.id, false);
    void this.propose('context', viewOf, text);
    return true;
  }

  /** The user's answer to a proposal. */
  answer(id: number, accepted: boolean): void {
    this.settle(id, accepted);
  }

  private propose(kind: ViewProposal['kind'], viewOf: string, text: string): Promise<boolean> {
    const id = this.nextId++;
    this.update((state) => ({ proposals: [...state.proposals, { id, kind, viewOf, text }] }));
    return new Promise((resolve) => this.answers.set(id, resolve));
  }

  private settle(id: number, accepted: boolean): void {
    this.answers.get(id)?.(accepted);
    this.answers.delete(id);
    this.update((state) => ({ proposals: state.proposals.filter((proposal) => proposal.id !== id) }));
  }
}
