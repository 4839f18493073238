import { useMemo, useState, type ReactNode } from 'react';
import { useServices } from '../../services.ts';
import { Store } from '#client/lib/store.ts';
import type { ChatSnapshot } from './transcript.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass, compactButtonClass } from '../../ui/field-classes.ts';
import { useConversation } from './use-conversation.ts';
import { chatFromLog } from './chat-recording.ts';
import { ChatSettingsPanel } from './chat-settings.tsx';
import { ChatTranscript } from './chat-transcript.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { TurnDetails } from './turn-details.tsx';
import { SaveEvalCaseButton } from './save-eval-case-button.tsx';
import { ViewProposals } from '../apps/apps.ts';

/**
 * The chat playground on the stage: a model is offered the connected server's tools, and every call it makes
 * goes through the approval dialog and the call runner like any other. The transcript takes the centre, the
 * message box stays at its foot, and the exact provider requests are one click away; the settings are in the
 * left column (ChatSide).
 */
export function ChatStage() {
  const { replay } = useServices();
  if (replay) return <ChatReplay />;
  return <LiveChat />;
}

/** The left column of the Chat tab: provider, model, system prompt and the tools offered (live only). */
export function ChatSide() {
  const { replay } = useServices();
  if (replay) return <ReplaySettings />;
  return <LiveSettings />;
}

function LiveSettings() {
  const chat = useConversation();
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3">
      <ChatSettingsPanel chat={chat} />
    </div>
  );
}

function LiveChat() {
  const chat = useConversation();
  const turns = useStore(chat, (s) => s.turns);
  return (
    <ChatFrame
      turns={turns.length}
      actions={<SaveEvalCaseButton chat={chat} />}
      details={<TurnDetails chat={chat} onRerun={(id) => void chat.rerun(id)} />}
    >
      <ChatTranscript chat={chat} />
      <ViewProposals chat={chat} />
      <ChatComposer chat={chat} />
    </ChatFrame>
  );
}

/** A recording's or a session file's chat: the turns it kept, read-only. */
function useReplayedChat(): ChatSnapshot | undefined {
  const { session, replay } = useServices();
  const log = useStore(session.state, (s) => s.log);
  const fromLog = useMemo(() => chatFromLog(log), [log]);
  return replay?.file.chat ?? fromLog;
}

function ReplaySettings() {
  const snapshot = useReplayedChat();
  return (
    <p className="p-3 text-sm text-slate-500">
      {snapshot
        ? `Read-only: ${snapshot.settings.model ?? 'a model'}${snapshot.settings.system ? `, system prompt "${snapshot.settings.system}"` : ''}`
        : 'This replay has no chat.'}
    </p>
  );
}

/** A replay's chat, read-only: the transcript and the provider requests as they were kept. */
function ChatReplay() {
  const snapshot = useReplayedChat();
  const store = useMemo(
    () => new Store({ items: snapshot?.items ?? [], turns: snapshot?.turns ?? [], busy: false }),
    [snapshot],
  );
  return (
    <ChatFrame turns={snapshot?.turns.length ?? 0} details={<TurnDetails chat={store} />}>
      {snapshot ? (
        <ChatTranscript chat={store} />
      ) : (
        <p className="p-3 text-sm text-slate-500">This replay has no chat.</p>
      )}
    </ChatFrame>
  );
}

/**
 * The chat's panel: a header with the conversation's actions and the "Provider requests" toggle, the transcript filling the height (it
 * scrolls, the message box under it never does), and the provider requests in the lower part when shown.
 */
function ChatFrame({
  turns,
  details,
  actions,
  children,
}: {
  turns: number;
  details: ReactNode;
  /** What can be done with the whole conversation, in the header once there is one. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [showDetails, setShowDetails] = useState(false);
  return (
    <section aria-label="Chat" className={`${panelClass} min-h-0`}>
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-1.5 text-sm font-semibold dark:border-slate-800">
        Chat
        <span className="text-xs font-normal text-slate-500">settings in the left column</span>
        <span className="ml-auto" />
        {turns > 0 && actions}
        <button
          type="button"
          className={compactButtonClass}
          aria-expanded={showDetails}
          disabled={turns === 0}
          title={
            turns === 0 ? 'No provider request yet' : 'The exact requests to the model provider, per turn'
          }
          onClick={() => setShowDetails(!showDetails)}
        >
          Provider requests{turns > 0 ? ` (${turns})` : ''}
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-2">{children}</div>
      {showDetails && turns > 0 && (
        <div className="max-h-[45%] min-h-24 shrink-0 overflow-auto border-t border-slate-200 p-2 dark:border-slate-800">
          {details}
        </div>
      )}
    </section>
  );
}
