import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import {
  compactButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../ui/field-classes.ts';
import type { ChatConversation } from './chat-conversation.ts';
import { chatDraft } from './chat-draft.ts';

/**
 * The message box, the whole width of the stage: Enter sends (Shift+Enter for a new line); Stop while a turn
 * runs. Its text is the chat's draft, so "Use in Chat" on a prompt can put one there.
 */
export function ChatComposer({ chat }: { chat: ChatConversation }) {
  const { runner } = useServices();
  const draft = chatDraft(runner);
  const text = useStore(draft, (s) => s.text);
  const source = useStore(draft, (s) => s.source);
  const busy = useStore(chat, (s) => s.busy);
  const send = () => {
    if (busy || !text.trim()) return;
    void chat.send(text);
    draft.update({ text: '', source: undefined });
  };
  return (
    <form
      className="flex shrink-0 flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {source && <p className="text-xs text-slate-500">{source}: edit it, then send.</p>}
      <label className="flex flex-col">
        <span className="sr-only">Message</span>
        <textarea
          rows={3}
          className={`${inputClass} resize-y`}
          placeholder="Ask the model to use the server's tools…"
          value={text}
          onChange={(event) => draft.update({ text: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
      </label>
      <div className="flex items-center gap-2">
        <span className="text-[11px] text-slate-500">Enter sends · Shift+Enter for a new line</span>
        <button
          type="button"
          className={`${compactButtonClass} ml-auto`}
          disabled={busy}
          onClick={() => chat.clear()}
        >
          Clear chat
        </button>
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
      </div>
    </form>
  );
}
