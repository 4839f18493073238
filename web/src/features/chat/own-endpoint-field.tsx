import { useState } from 'react';
import { inputClass } from '../../ui/field-classes.ts';
import { KeyInput } from './key-input.tsx';
import type { ChatConversation } from './chat-conversation.ts';

/**
 * Hosted mode, when the admin allows it (`chat.allowUserEndpoints`): the user's own endpoint and key. The
 * bridge checks the address and keeps the key in its memory for this user; the page keeps no copy.
 */
export function OwnEndpointField({ chat }: { chat: ChatConversation }) {
  const [baseUrl, setBaseUrl] = useState('');
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string>();
  return (
    <form
      role="group"
      aria-label="Your endpoint"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        chat.setEndpoint(baseUrl, key).then(
          () => {
            setKey('');
            setProblem(undefined);
          },
          (error: Error) => setProblem(error.message),
        );
      }}
    >
      <label className="flex min-w-48 flex-1 flex-col gap-0.5">
        <span className="text-xs text-slate-500">Your endpoint URL (OpenAI-compatible, ends in /v1)</span>
        <input
          type="url"
          aria-label="Endpoint URL"
          className={inputClass}
          placeholder="https://api.example.com/v1"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
        />
      </label>
      <KeyInput
        caption="Its API key"
        label="Endpoint key"
        value={key}
        onChange={setKey}
        action="Use endpoint"
        problem={problem}
      />
    </form>
  );
}
