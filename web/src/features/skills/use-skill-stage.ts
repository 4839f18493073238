import { useEffect } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { skillsBrowserOf, type SkillsBrowser } from './skills-browser.ts';

/**
 * The page's skills browser, and whether a skill is on the stage: the centre shows it instead of the
 * tool panel until a tool is selected (from the list, the history's Edit, a saved request) or the
 * Skills tab is left.
 */
export function useSkills(): { browser: SkillsBrowser; onStage: boolean; declared: boolean } {
  const { session, workspace, replay } = useServices();
  const browser = skillsBrowserOf(session);
  const onStage = useStore(browser.state, (s) => s.onStage && s.selected !== undefined);
  // A replay has no connection to read skills from.
  const declared = useStore(browser.state, (s) => s.declared) && !replay;
  useEffect(() => {
    let selected = workspace.get().selectedTool;
    return workspace.subscribe(() => {
      const now = workspace.get().selectedTool;
      if (now === selected) return;
      selected = now;
      browser.leaveStage();
    });
  }, [workspace, browser]);
  return { browser, onStage: onStage && declared, declared };
}
