import { describe, expect, it } from 'vitest';
import { Store } from '#client/lib/store.ts';
import { ViewModelInbox, type ModelChat } from './view-model-inbox.ts';

/** A chat that only keeps what it is given. */
function fakeChat(): ModelChat {
  const chat = Object.assign(new Store({ busy: false, attached: [] as string[] }), {
    send: async () => {},
    attachContext: (text: string) => chat.update((s) => ({ attached: [...s.attached, text] })),
    clearAttached: () => chat.update({ attached: [] }),
  });
  return chat;
}

describe('ViewModelInbox: a View’s requests for the model wait for the user in the Chat', () => {
  it('takes nothing while no chat is open (the host only notes the request)', () => {
    const inbox = new ViewModelInbox();
    expect(inbox.proposeMessage('card', [{ type: 'text', text: 'hi' }])).toBeUndefined();
    expect(inbox.offerContext('card', [{ type: 'text', text: 'ctx' }], undefined)).toBe(false);
    expect(inbox.get().proposals).toEqual([]);
  });

  it('holds a message until the user answers, and resolves with the answer', async () => {
    const inbox = new ViewModelInbox();
    inbox.openChat(fakeChat());
    const sent = inbox.proposeMessage('card', [{ type: 'text', text: 'Hello' }, { type: 'image' }]);
    expect(inbox.get().proposals).toEqual([
      { id: 1, kind: 'message', viewOf: 'card', text: 'Hello [image]' },
    ]);
    inbox.answer(1, true);
    expect(await sent).toBe(true);
    expect(inbox.get().proposals).toEqual([]);
  });

  it('keeps only the last context of each View, with its structured content', () => {
    const inbox = new ViewModelInbox();
    inbox.openChat(fakeChat());
    inbox.offerContext('card', [{ type: 'text', text: 'first' }], undefined);
    inbox.offerContext('other', [{ type: 'text', text: 'theirs' }], undefined);
    inbox.offerContext('card', [{ type: 'text', text: 'second' }], { items: 3 });
    expect(inbox.get().proposals.map((p) => [p.viewOf, p.text])).toEqual([
      ['other', 'theirs'],
      ['card', 'second\n{"items":3}'],
    ]);
  });
});
