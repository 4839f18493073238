import { useState } from 'react';
import { useStore } from '../../ui/use-store.ts';
import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';
import type { ChatConversation } from './chat-conversation.ts';
import { ToolOffer } from './tool-offer.tsx';
import { OwnEndpointField } from './own-endpoint-field.tsx';
import { KeyInput } from './key-input.tsx';

/** Provider, model, system prompt, temperature, a key for this page, and which tools are offered. */
export function ChatSettingsPanel({ chat }: { chat: ChatConversation }) {
  const providers = useStore(chat, (s) => s.providers);
  const problem = useStore(chat, (s) => s.providersProblem);
  const settings = useStore(chat, (s) => s.settings);
  const provider = providers?.providers.find((p) => p.id === settings.provider);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-slate-500">Provider</span>
          <select
            className={inputClass}
            value={settings.provider ?? ''}
            onChange={(event) => {
              const next = providers?.providers.find((p) => p.id === event.target.value);
              chat.configure({ provider: next?.id, model: next?.models[0] });
            }}
          >
            {providers?.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5">
          <span className="text-xs text-slate-500">Model</span>
          <select
            className={inputClass}
            value={settings.model ?? ''}
            onChange={(event) => chat.configure({ model: event.target.value })}
          >
            {provider?.models.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label className="flex w-24 flex-col gap-0.5">
          <span className="text-xs text-slate-500">Temperature</span>
          <input
            type="number"
            min={0}
            max={2}
            step={0.1}
            className={inputClass}
            value={settings.temperature ?? ''}
            placeholder="default"
            onChange={(event) =>
              chat.configure({
                temperature: event.target.value === '' ? undefined : Math.max(0, Number(event.target.value)),
              })
            }
          />
        </label>
        <button type="button" className={compactButtonClass} onClick={() => void chat.loadProviders()}>
          Reload models
        </button>
      </div>
      {problem && <p role="alert">{problem}</p>}
      {provider?.modelsProblem && provider.key === 'none' && !provider.models.length ? (
        // Nothing is wrong yet: the provider just has no key.
        <p role="note" className="text-xs text-slate-600 dark:text-slate-300">
          {provider.label} {provider.modelsProblem}
        </p>
      ) : (
        provider?.modelsProblem && (
          <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            No model list: {provider.modelsProblem}
          </p>
        )
      )}
      {providers?.pageKeysAllowed && provider && <KeyField chat={chat} source={provider.key} />}
      {providers?.userEndpointsAllowed && <OwnEndpointField chat={chat} />}
      <label className="flex flex-col gap-0.5">
        <span className="text-xs text-slate-500">System prompt</span>
        <textarea
          rows={2}
          className={inputClass}
          value={settings.system}
          onChange={(event) => chat.configure({ system: event.target.value })}
        />
      </label>
      <ToolOffer chat={chat} />
    </div>
  );
}

/** A key typed here goes to the bridge's memory for this page only; the page keeps no copy. */
function KeyField({ chat, source }: { chat: ChatConversation; source: 'environment' | 'page' | 'none' }) {
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string>();
  const said = {
    environment: 'key from the bridge environment',
    page: 'key given in this page',
    none: 'no key',
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        chat.setKey(key).then(
          () => {
            setKey('');
            setProblem(undefined);
          },
          (error: Error) => setProblem(error.message),
        );
      }}
    >
      <KeyInput
        caption={`API key (${said[source]})`}
        value={key}
        onChange={setKey}
        action="Use key"
        problem={problem}
      />
    </form>
  );
}
