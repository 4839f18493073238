import { useServices } from '../../../services.ts';
import { useStore } from '../../../ui/use-store.ts';
import type { ModelChat } from './view-model-inbox.ts';

const button =
  'rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/**
 * What MCP App Views ask to put before the model (`ui/message`, `ui/update-model-context`), waiting for the
 * user: a message is sent only on "Send to the model", context goes with the next message only on "Add to
 * next message". The context added so far is listed, so what the model will read is on screen. Shown in the
 * Chat and beside the View on the tools stage, so the user answers where they are looking.
 */
export function ViewProposals({ chat }: { chat: ModelChat }) {
  const { apps } = useServices();
  const proposals = useStore(apps.modelInbox, (s) => s.proposals);
  const attached = useStore(chat, (s) => s.attached);
  const busy = useStore(chat, (s) => s.busy);
  if (!proposals.length && !attached.length) return null;
  return (
    <section aria-label="From Views for the model" className="flex flex-col gap-1 text-xs">
      {proposals.map((proposal) => (
        <article
          key={proposal.id}
          aria-label={proposal.kind === 'message' ? 'Message from a View' : 'Context from a View'}
          className="rounded border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950"
        >
          <p className="text-amber-900 dark:text-amber-200">
            The <span className="font-mono">{proposal.viewOf}</span> View{' '}
            {proposal.kind === 'message' ? 'asks to send the model:' : 'offers context for the model:'}
          </p>
          <pre className="my-1 max-h-32 overflow-auto font-mono whitespace-pre-wrap">{proposal.text}</pre>
          <div className="flex gap-2">
            {proposal.kind === 'message' ? (
              <button
                type="button"
                className={button}
                disabled={busy}
                title={busy ? 'The model is answering; send it when the turn ends' : undefined}
                onClick={() => {
                  apps.modelInbox.answer(proposal.id, true);
                  void chat.send(proposal.text);
                }}
              >
                Send to the model
              </button>
            ) : (
              <button
                type="button"
                className={button}
                onClick={() => {
                  apps.modelInbox.answer(proposal.id, true);
                  chat.attachContext(proposal.text);
                }}
              >
                Add to next message
              </button>
            )}
            <button
              type="button"
              className={button}
              onClick={() => apps.modelInbox.answer(proposal.id, false)}
            >
              {proposal.kind === 'message' ? "Don't send" : 'Dismiss'}
            </button>
          </div>
        </article>
      ))}
      {attached.length > 0 && (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          View context goes with your next message ({attached.length}).
          <button type="button" className={button} onClick={() => chat.clearAttached()}>
            Remove
          </button>
        </p>
      )}
    </section>
  );
}

/** The proposals beside a tool call's View, once the page has a chat to send them to. */
export function ViewProposalsOnStage() {
  const { apps, replay } = useServices();
  const chat = useStore(apps.modelInbox, (s) => s.chat);
  if (!chat || replay) return null;
  return (
    <div className="border-t border-slate-200 p-2 dark:border-slate-800">
      <ViewProposals chat={chat} />
    </div>
  );
}
