import { useEffect } from 'react';
import { useServices } from '../../services.ts';
import { takeTokenFromUrl } from '../../lib/page-token.ts';
import { ChatApi } from './chat-api.ts';
import { ChatConversation, type ChatSnapshot } from './chat-conversation.ts';

/** One conversation per set of services, kept while the page lives (switching tabs keeps it). */
const conversations = new WeakMap<object, ChatConversation>();

/** The page's chat conversation; lists the providers the first time. */
export function useConversation(): ChatConversation {
  const { session, runner, history, apps } = useServices();
  let conversation = conversations.get(runner);
  if (!conversation) {
    conversation = new ChatConversation(new ChatApi(takeTokenFromUrl() ?? ''), session, runner, history);
    conversations.set(runner, conversation);
  }
  const chat = conversation;
  // From now on a View's messages and context for the model wait here for the user.
  useEffect(() => apps.modelInbox.openChat(chat), [apps.modelInbox, chat]);
  useEffect(() => {
    if (!chat.get().providers) void chat.loadProviders();
  }, [chat]);
  return chat;
}

/** The chat of these services, for the session file; undefined when the page never opened Chat. */
export function chatSnapshotOf(runner: object): ChatSnapshot | undefined {
  return conversations.get(runner)?.snapshot();
}
