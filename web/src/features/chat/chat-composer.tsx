import { useState } from 'react';
import { useStore } from '../../ui/use-store.ts';
import {
  compactButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../ui/field-classes.ts';
import type { ChatConversation } from './chat-conversation.ts';

/** The message box: Enter sends (Shift+Enter for a new line); Stop while a turn runs. */
export function ChatComposer({ chat }: { chat: ChatConversation }) {
  const [text, setText] = useState('');
  const busy = useStore(chat, (s) => s.busy);
  const send = () => {
    if (busy || !text.trim()) return;
    void chat.send(text);
    setText('');
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="flex flex-1 flex-col gap-0.5">
        <span className="sr-only">Message</span>
        <textarea
          rows={2}
          className={inputClass}
          placeholder="Ask the model to use the server's tools…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
      </label>
      {busy ? (
        <button type="button" className={secondaryButtonClass} onClick={() => chat.stop()}>
          Stop
        </button>
      ) : (
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={!text.trim()}
          // A disabled button says why (its description), so nobody wonders what is missing.
          title={text.trim() ? 'Send (Enter)' : 'Type a message to send'}
        >
          Send
        </button>
      )}
      <button type="button" className={compactButtonClass} disabled={busy} onClick={() => chat.clear()}>
        Clear chat
      </button>
    </form>
  );
}
