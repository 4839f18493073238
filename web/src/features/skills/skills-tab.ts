/** The left tab of the Skills extension (a contract name), and the key of its pick on the stage. */
export const SKILLS_TAB = 'Skills';
