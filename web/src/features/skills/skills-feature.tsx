import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { Feature } from '../../feature.ts';
import { StageHint } from '../stage/stage-header.tsx';
import { declaresSkills } from '#client/skills/skill-entry.ts';
import { createSkillsBrowser, type SkillsBrowser } from './skills-browser.ts';
import { SkillList } from './skill-list.tsx';
import { SkillStage } from './skill-stage.tsx';
import { SKILLS_TAB } from './skills-tab.ts';

declare module '../../services.ts' {
  interface FeatureServices {
    /** The connected server's skills: the listing, and what loading each opened one found. */
    skills: SkillsBrowser;
  }
}

function SkillsList() {
  const { skills, replay } = useServices();
  if (replay)
    return (
      <p className="p-3 text-sm text-slate-500">
        Skills are read from a live connection: a replay cannot list or load them.
      </p>
    );
  return <SkillList browser={skills} />;
}

/** The Skills tab's stage: the picked skill, loaded (and verified) when it opens here. */
function SkillsStage() {
  const { skills, stage } = useServices();
  const pick = useStore(stage, (s) => s.picks[SKILLS_TAB]);
  if (!pick)
    return (
      <StageHint label="Skill">
        Select a skill on the left to load it here: its SKILL.md is verified against the listing first.
      </StageHint>
    );
  return <SkillStage key={pick.id} browser={skills} uri={pick.id} />;
}

/** The Skills tab: shown only when the server declares the Skills extension (SEP-2640). */
export const skillsFeature: Feature = {
  name: 'skills',
  services: { key: 'skills', create: createSkillsBrowser },
  stage: {
    tab: SKILLS_TAB,
    shown: (server) => declaresSkills(server?.capabilities),
    List: SkillsList,
    Stage: SkillsStage,
  },
};
