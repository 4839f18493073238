import type { ChatToolOutput } from '#shared/chat-protocol.ts';

/** How a call ended, as far as a model is told: the session's outcome, read structurally. */
export interface EndedCall {
  status: string;
  result?: unknown;
  error?: { code: number; message: string };
}

/** What the model is told when a call was denied. */
export const DENIED_OUTPUT = 'The user denied this tool call.';

/**
 * A finished call as a model gets it back (the page's Chat and `toolscope eval` alike): the text content
 * (structured content as JSON when the tool gave no text), an error when the tool or the protocol failed,
 * or that the call was denied, cancelled or timed out.
 */
export function modelOutputOf(outcome: EndedCall): ChatToolOutput {
  if (outcome.status === 'denied') return { type: 'error-text', value: DENIED_OUTPUT };
  if (outcome.status === 'cancelled' || outcome.status === 'timed-out')
    return {
      type: 'error-text',
      value: `The call was ${outcome.status === 'cancelled' ? 'cancelled' : 'timed out'}.`,
    };
  if (outcome.error)
    return { type: 'error-text', value: `Error ${outcome.error.code}: ${outcome.error.message}` };
  const result = (outcome.result ?? {}) as {
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
  };
  const text = contentText(result.content);
  if (result.isError === true) return { type: 'error-text', value: text || 'The tool reported an error.' };
  if (result.structuredContent !== undefined && !text)
    return { type: 'json', value: result.structuredContent };
  return { type: 'text', value: text || JSON.stringify(result) };
}

/** The content blocks as text: text as is, other blocks described in one line (the model cannot see bytes). */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block: Record<string, unknown>) => {
      if (block?.type === 'text' && typeof block.text === 'string') return block.text;
      if (block?.type === 'resource_link') return `[resource link ${String(block.uri)}]`;
      if (block?.type === 'resource') {
        const resource = block.resource as Record<string, unknown> | undefined;
        return typeof resource?.text === 'string' ? resource.text : `[resource ${String(resource?.uri)}]`;
      }
      return `[${String(block?.type)} content${block?.mimeType ? ` (${String(block.mimeType)})` : ''}]`;
    })
    .join('\n');
}
