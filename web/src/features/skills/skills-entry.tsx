import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { StageEntry } from '../stage/stage-entry.ts';
import { StageHint } from '../stage/stage-header.tsx';
import { declaresSkills } from '../../../../client/skills/skill-entry.ts';
import { skillsBrowserOf } from './skills-browser.ts';
import { SkillList } from './skill-list.tsx';
import { SkillStage } from './skill-stage.tsx';
import { SKILLS_TAB } from './skills-tab.ts';

function SkillsList() {
  const { session, replay } = useServices();
  if (replay)
    return (
      <p className="p-3 text-sm text-slate-500">
        Skills are read from a live connection: a replay cannot list or load them.
      </p>
    );
  return <SkillList browser={skillsBrowserOf(session)} />;
}

/** The Skills tab's stage: the picked skill, loaded (and verified) when it opens here. */
function SkillsStage() {
  const { session, stage } = useServices();
  const pick = useStore(stage, (s) => s.picks[SKILLS_TAB]);
  if (!pick)
    return (
      <StageHint label="Skill">
        Select a skill on the left to load it here: its SKILL.md is verified against the listing first.
      </StageHint>
    );
  return <SkillStage key={pick.id} browser={skillsBrowserOf(session)} uri={pick.id} />;
}

/** The Skills tab: shown only when the server declares the Skills extension (SEP-2640). */
export const skillsEntry: StageEntry = {
  tab: SKILLS_TAB,
  shown: (server) => declaresSkills(server?.capabilities),
  List: SkillsList,
  Stage: SkillsStage,
};
