import type { CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js';
import type { ReactNode } from 'react';
import type { SamplingReply } from './sampling-reply.ts';
import { SamplingContent } from './sampling-content.tsx';
import { SamplingReplyForm } from './sampling-reply-form.tsx';

/** A sampling/createMessage request: the conversation and settings the server sent, and the reply form. */
export function SamplingRequestView({
  params,
  onReply,
  onReject,
}: {
  params: CreateMessageRequestParams;
  onReply: (reply: SamplingReply) => void;
  onReject: () => void;
}) {
  return (
    <SamplingReplyForm onReply={onReply} onReject={onReject}>
      <ol aria-label="Messages" className="flex flex-col gap-2">
        {params.messages.map((message, index) => (
          <li
            key={index}
            className={`rounded-md border p-2 ${
              message.role === 'user'
                ? 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800'
                : 'border-indigo-200 bg-indigo-50 dark:border-indigo-900 dark:bg-indigo-950'
            }`}
          >
            <p className="mb-1 text-xs font-semibold text-slate-500 uppercase">{message.role}</p>
            <SamplingContent message={message} label={`Message ${index + 1}`} />
          </li>
        ))}
      </ol>
      <SamplingFacts params={params} />
    </SamplingReplyForm>
  );
}

function SamplingFacts({ params }: { params: CreateMessageRequestParams }) {
  const preferences = params.modelPreferences;
  const facts: [string, ReactNode][] = [
    [
      'System prompt',
      params.systemPrompt && <span className="whitespace-pre-wrap">{params.systemPrompt}</span>,
    ],
    ['Max tokens', String(params.maxTokens)],
    ['Temperature', params.temperature?.toString()],
    [
      'Stop sequences',
      params.stopSequences?.length
        ? params.stopSequences.map((s) => JSON.stringify(s)).join(', ')
        : undefined,
    ],
    ['Include context', params.includeContext],
    [
      'Model hints',
      preferences?.hints
        ?.map((hint) => hint.name)
        .filter(Boolean)
        .join(', ') || undefined,
    ],
    ['Priorities', preferences && describePriorities(preferences)],
    ['Tools offered', params.tools?.length ? params.tools.map((tool) => tool.name).join(', ') : undefined],
    ['Metadata', params.metadata && <code className="break-all">{JSON.stringify(params.metadata)}</code>],
  ];
  return (
    <dl
      aria-label="Request settings"
      className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs"
    >
      {facts
        .filter(([, value]) => value !== undefined && value !== '' && value !== false)
        .map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500">{name}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function describePriorities(
  preferences: NonNullable<CreateMessageRequestParams['modelPreferences']>,
): string | undefined {
  const parts = [
    ['cost', preferences.costPriority],
    ['speed', preferences.speedPriority],
    ['intelligence', preferences.intelligencePriority],
  ].filter(([, value]) => typeof value === 'number');
  return parts.length ? parts.map(([name, value]) => `${name} ${String(value)}`).join(', ') : undefined;
}
