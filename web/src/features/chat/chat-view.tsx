import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { useConversation } from './use-conversation.ts';
import { ChatSettingsPanel } from './chat-settings.tsx';
import { ChatTranscript } from './chat-transcript.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { TurnDetails } from './turn-details.tsx';

/**
 * The chat playground: a model is offered the connected server's tools, and every call it makes goes
 * through the approval dialog and the call runner like any other. Settings on top, the transcript in
 * the middle, the message box below, and per turn the exact provider exchange.
 */
export function ChatView() {
  const { replay } = useServices();
  const chat = useConversation();
  const turns = useStore(chat, (s) => s.turns);
  if (replay)
    return (
      <p className="p-3 text-sm text-slate-500">
        A replay does not hold the chat; open the live session to chat.
      </p>
    );
  return (
    <section aria-label="Chat" className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2">
      <ChatSettingsPanel chat={chat} />
      <ChatTranscript chat={chat} />
      <ChatComposer chat={chat} />
      {turns.length > 0 && <TurnDetails chat={chat} />}
    </section>
  );
}
