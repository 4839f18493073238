import { STAGE_TABS } from '../../calls/stage-selection.ts';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import type { Feature } from '../../feature.ts';

// Not on the first screen: the chat's code loads when its tab is first opened.
const ChatSide = lazyPanel('the chat', () => import('./chat-view.tsx').then((m) => m.ChatSide));
const ChatStage = lazyPanel('the chat', () => import('./chat-view.tsx').then((m) => m.ChatStage));

/** The Chat tab: its settings in the left column, the conversation on the stage (wide: the transcript wants it). */
export const chatFeature: Feature = {
  name: 'chat',
  stage: { tab: STAGE_TABS.chat, List: ChatSide, Stage: ChatStage, wide: true },
};
