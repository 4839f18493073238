import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';
import { offerTools } from '#client/tools/offered-tools.ts';
import type { ChatConversation } from './chat-conversation.ts';
import { evalSuiteFromChat, hasCase } from './eval-case.ts';

/**
 * "Save as eval case": the conversation as an eval suite file for `toolscope eval` (a case per message,
 * expecting the tools the model called), to keep in the server's repository and run in CI.
 */
export function SaveEvalCaseButton({ chat }: { chat: ChatConversation }) {
  const { session } = useServices();
  const items = useStore(chat, (s) => s.items);
  const busy = useStore(chat, (s) => s.busy);
  const ready = !busy && hasCase(items);
  const save = () => {
    const offered = new Map(
      offerTools(session.state.get().tools).map((entry) => [entry.spec.name, entry.tool.name]),
    );
    const suite = evalSuiteFromChat(items, chat.get().settings, (name) => offered.get(name) ?? name);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    saveFile(`${JSON.stringify(suite, null, 2)}\n`, `eval-case-${stamp}.json`, 'application/json');
  };
  return (
    <button
      type="button"
      className={compactButtonClass}
      disabled={!ready}
      title={
        ready
          ? 'Download this conversation as an eval suite for toolscope eval: a case per message, expecting the tools the model called'
          : 'Send a message first (and wait for the turn to end)'
      }
      onClick={save}
    >
      Save as eval case
    </button>
  );
}
