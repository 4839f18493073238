import type { Feature } from '../../feature.ts';
import { HistoryPanel } from './history-panel.tsx';

/** The History tab: every call of this page, newest first. */
export const historyFeature: Feature = { name: 'history', side: { tab: 'History', Panel: HistoryPanel } };
