import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { STAGE_TABS } from '../../calls/stage-selection.ts';
import { runSurfaceCall, shownEntry } from '../../calls/surface-calls.ts';
import { StageHeader } from '../stage/stage-header.tsx';
import { SurfaceResult } from '../stage/surface-result.tsx';
import { fieldDraft, keepFieldDraft } from '../stage/field-drafts.ts';
import { CompletionField } from '../completion/completion-field.tsx';
import { useCompleter } from '../completion/use-completer.ts';
import { chatDraft } from '../chat/chat-draft.ts';
import { PromptMessages, promptChatText, promptMessages } from './prompt-messages.tsx';
import { useListedItem } from '../stage/use-listed-item.ts';

/** A prompt's declared argument, read loosely. */
interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

/** The declared arguments of a listed prompt; entries without a string name are left out. */
function promptArguments(prompt: Record<string, unknown>): PromptArgument[] {
  const declared = Array.isArray(prompt.arguments) ? (prompt.arguments as unknown[]) : [];
  return declared.flatMap((raw) => {
    const { name, description, required } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<
      string,
      unknown
    >;
    if (typeof name !== 'string') return [];
    return [
      {
        name,
        ...(typeof description === 'string' ? { description } : {}),
        ...(required === true ? { required: true } : {}),
      },
    ];
  });
}

/**
 * A prompt on the stage: a field per argument (with the server's completions), "Get prompt" (a call in History
 * and the trace), the messages it returned, and "Use in Chat" to start a chat from them.
 */
export function PromptView({
  name,
  listed: given,
  args,
}: {
  name: string;
  listed?: Record<string, unknown>;
  args?: unknown;
}) {
  const { session, history, stage, runner, replay } = useServices();
  const listed = useListedItem(given, 'prompts/list', 'prompts', (item) => item.name === name);
  const declared = promptArguments(listed ?? {});
  const draftKey = `prompt ${name}`;
  const [values, setValues] = useState<Record<string, string>>(() =>
    args && typeof args === 'object' ? stringValues(args as Record<string, unknown>) : fieldDraft(draftKey),
  );
  const completer = useCompleter({ type: 'ref/prompt', name }, values);
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const entry = useStore(history, (s) =>
    shownEntry(s.calls, s.selectedId, (call) => call.method === 'prompts/get' && call.tool === name),
  );
  const title = typeof listed?.title === 'string' ? listed.title : name;
  const missing = declared.filter((argument) => argument.required && !values[argument.name]);
  const setValue = (argument: string, value: string) => {
    const next = { ...values, [argument]: value };
    setValues(next);
    keepFieldDraft(draftKey, next);
  };
  const get = () => {
    if (!connected) return;
    // Empty optional fields are not sent: "" is a value the server would have to read.
    const sent = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    void runSurfaceCall(session, history, {
      method: 'prompts/get',
      params: { name, arguments: sent },
      title,
    });
  };
  const result =
    entry?.outcome?.status === 'ok' ? (entry.outcome.result as Record<string, unknown>) : undefined;
  const useInChat = () => {
    if (!result) return;
    const { text, leftOut } = promptChatText(promptMessages(result));
    const note = leftOut ? ` (${leftOut} part${leftOut === 1 ? '' : 's'} that are not text left out)` : '';
    chatDraft(runner).update({ text, source: `From the prompt ${title}${note}` });
    stage.showTab(STAGE_TABS.chat);
  };
  return (
    <section aria-label="Prompt" className={`${panelClass} min-h-0`}>
      <StageHeader
        kind="Prompt"
        title={title}
        id={title === name ? undefined : name}
        description={typeof listed?.description === 'string' ? listed.description : undefined}
      />
      {!replay && (
        <div className="flex shrink-0 flex-col gap-2 px-3 py-2">
          {declared.length > 0 ? (
            <div className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-2">
              {declared.map((argument) => (
                <CompletionField
                  key={argument.name}
                  name={argument.name}
                  required={argument.required}
                  description={argument.description}
                  value={values[argument.name] ?? ''}
                  onChange={(value) => setValue(argument.name, value)}
                  complete={completer?.(argument.name)}
                  onSubmit={get}
                />
              ))}
            </div>
          ) : (
            <p className="text-xs text-slate-500">This prompt takes no arguments.</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={primaryButtonClass}
              disabled={!connected || (entry !== undefined && !entry.outcome)}
              title={connected ? 'prompts/get' : 'Not connected'}
              onClick={get}
            >
              Get prompt
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!result}
              title={result ? 'Puts the messages in the chat’s message box' : 'Get the prompt first'}
              onClick={useInChat}
            >
              Use in Chat
            </button>
            {missing.length > 0 && (
              <span className="text-xs text-amber-700 dark:text-amber-400">
                Required: {missing.map((argument) => argument.name).join(', ')}
              </span>
            )}
          </div>
        </div>
      )}
      <SurfaceResult
        label="Prompt messages"
        entry={entry}
        empty={
          replay ? 'This recording holds no get of this prompt.' : 'Fill the arguments and get the prompt.'
        }
        render={(got) => <PromptMessages result={got} revision={entry?.revision} />}
      />
    </section>
  );
}

/** Arguments of an earlier get as the fields' text (History's Edit). */
function stringValues(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}
