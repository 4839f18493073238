import { useMemo } from 'react';
import { useServices } from '../../services.ts';
import { Store } from '../../../../client/lib/store.ts';
import type { ChatSnapshot } from './transcript.ts';
import { useStore } from '../../ui/use-store.ts';
import { useConversation } from './use-conversation.ts';
import { chatFromLog } from './chat-recording.ts';
import { ChatSettingsPanel } from './chat-settings.tsx';
import { ChatTranscript } from './chat-transcript.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { TurnDetails } from './turn-details.tsx';
import { SaveEvalCaseButton } from './save-eval-case-button.tsx';

/**
 * The chat playground: a model is offered the connected server's tools, and every call it makes goes
 * through the approval dialog and the call runner like any other. Settings on top, the transcript in
 * the middle, the message box below, and per turn the exact provider exchange.
 */
export function ChatView() {
  const { replay } = useServices();
  if (replay) return replay.file.chat ? <ChatReplay snapshot={replay.file.chat} /> : <RecordedChat />;
  return <LiveChat />;
}

/** A recording's chat (a share link, live or not): rebuilt from the turns the recording kept. */
function RecordedChat() {
  const { session } = useServices();
  const log = useStore(session.state, (s) => s.log);
  const snapshot = useMemo(() => chatFromLog(log), [log]);
  return <ChatReplay snapshot={snapshot} />;
}

function LiveChat() {
  const chat = useConversation();
  const turns = useStore(chat, (s) => s.turns);
  return (
    <section aria-label="Chat" className={CHAT_COLUMN}>
      <ChatSettingsPanel chat={chat} />
      <ChatTranscript chat={chat} />
      <ChatComposer chat={chat} />
      {turns.length > 0 && (
        <TurnDetails
          chat={chat}
          onRerun={(id) => void chat.rerun(id)}
          actions={<SaveEvalCaseButton chat={chat} />}
        />
      )}
    </section>
  );
}

/** A replay's chat, read-only: the transcript and the provider requests as they were exported. */
function ChatReplay({ snapshot }: { snapshot: ChatSnapshot | undefined }) {
  const store = useMemo(
    () => new Store({ items: snapshot?.items ?? [], turns: snapshot?.turns ?? [], busy: false }),
    [snapshot],
  );
  if (!snapshot) return <p className="p-3 text-sm text-slate-500">This session had no chat.</p>;
  return (
    <section aria-label="Chat" className={CHAT_COLUMN}>
      <p className="text-xs text-slate-500">
        Read-only: {snapshot.settings.model ?? 'a model'}
        {snapshot.settings.system ? `, system prompt "${snapshot.settings.system}"` : ''}
      </p>
      <ChatTranscript chat={store} />
      <TurnDetails chat={store} />
    </section>
  );
}

/**
 * The chat's column scrolls as a whole; its parts never shrink below their content (a shrunk transcript
 * spilled over the provider requests under it, and a result's positioned tab line then took their clicks).
 */
const CHAT_COLUMN = 'flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2 [&>*]:shrink-0';
