import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { ChatConversation } from './chat-conversation.ts';
import { offerTools } from '#client/tools/offered-tools.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

/** Which of the server's tools the model is offered, and what was normalised for the provider. */
export function ToolOffer({ chat }: { chat: ChatConversation }) {
  const { session } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const withheld = useStore(chat, (s) => s.settings.withheld);
  const offered = offerTools(tools);
  const count = offered.filter((t) => !withheld.includes(t.key)).length;
  return (
    <Disclosure
      className="rounded border border-slate-200 px-2 py-1 dark:border-slate-800"
      summaryClassName="cursor-pointer text-xs text-slate-600 dark:text-slate-400"
      summary={
        <>
          Tools offered ({count} of {offered.length})
        </>
      }
    >
      <ul aria-label="Tools offered" className="mt-1 flex flex-col gap-1">
        {offered.map((t) => (
          <li key={t.key} className="text-xs">
            <label className="flex items-baseline gap-1.5">
              <input
                type="checkbox"
                checked={!withheld.includes(t.key)}
                onChange={(event) =>
                  chat.configure({
                    withheld: event.target.checked
                      ? withheld.filter((key) => key !== t.key)
                      : [...withheld, t.key],
                  })
                }
              />
              <span className="font-mono">{t.spec.name}</span>
              {t.spec.description && <span className="truncate text-slate-500">{t.spec.description}</span>}
            </label>
            {t.changes.length > 0 && (
              <p className="ml-5 text-amber-700 dark:text-amber-300">Normalised: {t.changes.join('; ')}</p>
            )}
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
