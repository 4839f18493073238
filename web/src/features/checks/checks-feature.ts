import type { Feature } from '../../feature.ts';
import { lazyPanel } from '../../ui/lazy-panel.tsx';

// Not on the first screen: its code loads when its tab is first opened.
const ChecksPanel = lazyPanel('the checks', () => import('./checks-panel.tsx').then((m) => m.ChecksPanel));

/** The Checks tab: the checker's findings for this server, as `toolscope check` reports them. */
export const checksFeature: Feature = { name: 'checks', side: { tab: 'Checks', Panel: ChecksPanel } };
