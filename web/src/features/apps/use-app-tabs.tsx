import type { CallEntry } from '../../calls/call-history.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { findTool, listTools } from '#client/tools/tool-identity.ts';
import { toolUiOf } from './tool-ui.ts';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import type { TabSpec } from '../../ui/tabs.tsx';

/** The View's host (ext-apps' AppBridge) loads with the first App tab. */
const AppView = lazyPanel('the App', () => import('./view/app-view.tsx').then((m) => m.AppView));

/** The "App" tab for a call whose tool links a View (none otherwise), to put first in the result's tabs. */
export function useAppTabs(call: CallEntry | undefined): TabSpec[] {
  const { session } = useServices();
  const tool = useStore(session.state, (s) => {
    if (!call) return undefined;
    return (findTool(s.tools, call.toolKey) ?? listTools(s.tools).find((l) => l.nameText === call.tool))
      ?.tool;
  });
  if (!call || !tool || !toolUiOf(tool).resourceUri) return [];
  // Kept mounted: a look at Raw JSON must not reload the View and lose what the user did in it.
  return [{ name: 'App', content: <AppView call={call} tool={tool} />, keepMounted: true }];
}
