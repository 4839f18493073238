import { useMemo } from 'react';
import { classifyContent } from '#client/content/content-blocks.ts';
import { ContentBlockView } from '../result/content/content-block-view.tsx';

/** One message of a prompts/get result, read loosely: a role and one content block (or several). */
export interface PromptMessage {
  role: string;
  content: unknown[];
}

/** The messages of a prompts/get result; a malformed message keeps its place with what is wrong. */
export function promptMessages(result: Record<string, unknown>): PromptMessage[] {
  const messages = Array.isArray(result.messages) ? (result.messages as unknown[]) : [];
  return messages.map((message) => {
    const { role, content } = (typeof message === 'object' && message !== null ? message : {}) as Record<
      string,
      unknown
    >;
    return {
      role: typeof role === 'string' ? role : 'unknown role',
      content: Array.isArray(content) ? content : content === undefined ? [] : [content],
    };
  });
}

/**
 * What a prompt returned, as a conversation: each message with its role, its content drawn by the viewers a
 * tool result uses (text, images, audio, embedded resources, links).
 */
export function PromptMessages({ result, revision }: { result: Record<string, unknown>; revision?: string }) {
  const messages = useMemo(() => promptMessages(result), [result]);
  const description = typeof result.description === 'string' ? result.description : undefined;
  return (
    <div className="flex flex-col gap-3">
      {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      {messages.length === 0 && <p className="text-sm text-slate-500">The prompt returned no messages.</p>}
      {messages.map((message, index) => (
        <Message key={index} message={message} position={index + 1} revision={revision} />
      ))}
    </div>
  );
}

function Message({
  message,
  position,
  revision,
}: {
  message: PromptMessage;
  position: number;
  revision?: string;
}) {
  const blocks = useMemo(() => classifyContent(message.content), [message]);
  const user = message.role === 'user';
  return (
    <article
      aria-label={`Message ${position}: ${message.role}`}
      className={`flex flex-col gap-1 rounded-lg border-l-4 py-1 pl-3 ${
        user ? 'border-indigo-300 dark:border-indigo-700' : 'border-emerald-300 dark:border-emerald-700'
      }`}
    >
      <p className="text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{message.role}</p>
      {blocks.map((block, index) => (
        <ContentBlockView key={index} block={block} position={index + 1} revision={revision} />
      ))}
    </article>
  );
}

/**
 * The text a chat can start from: the messages' text, in order (the user's as they are, others named by
 * role), and what was left out because the chat sends text only.
 */
export function promptChatText(messages: readonly PromptMessage[]): { text: string; leftOut: number } {
  const parts: string[] = [];
  let leftOut = 0;
  for (const message of messages) {
    for (const content of message.content) {
      const block = content as { type?: unknown; text?: unknown; resource?: { text?: unknown } };
      const text =
        block.type === 'text' && typeof block.text === 'string'
          ? block.text
          : block.type === 'resource' && typeof block.resource?.text === 'string'
            ? block.resource.text
            : undefined;
      if (text === undefined) leftOut++;
      else parts.push(message.role === 'user' ? text : `${message.role}: ${text}`);
    }
  }
  return { text: parts.join('\n\n'), leftOut };
}
