import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ViewNotes } from '../developer/view-notes.ts';
import { readDownloads, saveDownloads } from './view-downloads.ts';

/** The questions a View's requests put to the user. */
export interface ViewPrompts {
  /** Asks the user whether to open a link; true to open it. */
  confirmLink(url: string): Promise<boolean>;
  /** Asks the user whether to save the files a View hands over (their names); true to save them. */
  confirmDownload(names: string): Promise<boolean>;
  /** Where the View's requests for the model go while a Chat is open (see ViewModelInbox). */
  forModel?: {
    /** Undefined when no chat is open; else true once the user sent the message to the model. */
    message(content: unknown): Promise<boolean> | undefined;
    /** False when no chat is open; else the context waits in the Chat for the user. */
    context(content: unknown, structured: unknown): boolean;
  };
}

/**
 * Answers the requests a View makes of the page itself (open a link, save files, a message, model context,
 * a log line): each is asked of the user or written to the View's notes.
 */
export function answerViewRequests(bridge: AppBridge, notes: ViewNotes, prompts: ViewPrompts): void {
  bridge.onopenlink = async ({ url }) => {
    if (!/^https?:\/\//i.test(url)) {
      notes.add('refused', `Link refused (only http and https open): ${url}`);
      return { isError: true };
    }
    const open = await prompts.confirmLink(url);
    notes.add('link', `${open ? 'Opened' : 'Not opened'}: ${url}`);
    if (open) window.open(url, '_blank', 'noopener,noreferrer');
    return open ? {} : { isError: true };
  };
  bridge.ondownloadfile = async ({ contents }) => {
    const read = readDownloads(contents);
    if ('refused' in read) {
      notes.add('refused', `ui/download-file refused: ${read.refused}`);
      return { isError: true };
    }
    const names = read.files.map((file) => file.name).join(', ');
    const save = await prompts.confirmDownload(names);
    notes.add('download', `${save ? 'Saved' : 'Not saved'}: ${names}`);
    if (save) saveDownloads(read.files);
    return save ? {} : { isError: true };
  };
  bridge.onmessage = async (params) => {
    const text = textOf(params.content);
    const asked = prompts.forModel?.message(params.content);
    if (!asked) {
      notes.add(
        'message',
        `ui/message (${params.role}): ${text} — no chat is open, so it is only noted`,
        params,
      );
      return {};
    }
    notes.add('message', `ui/message waits in Chat for you: ${text}`, params);
    const sent = await asked;
    notes.add('message', `${sent ? 'Sent to the model' : 'Not sent'}: ${text}`);
    return sent ? {} : { isError: true };
  };
  bridge.onupdatemodelcontext = async (params) => {
    const text = textOf(params.content) || 'structured content';
    const offered = prompts.forModel?.context(params.content, params.structuredContent) ?? false;
    notes.add(
      'model context',
      `ui/update-model-context: ${text}${offered ? ' — in Chat, for you to add to the next message' : ' — no chat is open, so it is only noted'}`,
      params,
    );
    return {};
  };
  bridge.onloggingmessage = (params) => {
    notes.add(
      'log',
      `${params.level}: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`,
      params,
    );
  };
}

/** The text of a View's content blocks, for a note (other blocks by their type), at most `max` characters. */
export function textOf(content: unknown, max = 300): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      block && typeof block === 'object' && 'text' in block
        ? String(block.text)
        : `[${String((block as { type?: unknown })?.type)}]`,
    )
    .join(' ')
    .slice(0, max);
}
