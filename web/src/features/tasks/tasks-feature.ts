import type { Feature } from '../../feature.ts';
import { TasksPanel } from './tasks-panel.tsx';

/** The Tasks tab: calls the server runs as tasks, with their status. */
export const tasksFeature: Feature = { name: 'tasks', side: { tab: 'Tasks', Panel: TasksPanel } };
