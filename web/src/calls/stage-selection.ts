import { Store } from '#client/lib/store.ts';

/**
 * What one tab of the left column has picked for the stage: a `kind` its stage view knows ("resource",
 * "template", "prompt"…) and the item's `id` (a URI, a URI template, a name). `data` carries what the item
 * needs besides its id when it did not come from the tab's own list (an embedded resource's contents).
 */
export interface StagePick {
  kind: string;
  id: string;
  data?: unknown;
}

/** Which left tab is open and what each tab last picked. */
export interface StageSelectionState {
  /** The open tab of the left column, by its name ("Tools", "Resources"…): the stage shows its pick. */
  tab: string;
  /** Each tab's pick, by tab name. The Tools tab keeps its pick in the workspace (`selectedTool`). */
  picks: Record<string, StagePick | undefined>;
}

/** The left column's tab names that other parts of the page open (they are contract names too). */
export const STAGE_TABS = {
  tools: 'Tools',
  resources: 'Resources',
  prompts: 'Prompts',
  chat: 'Chat',
} as const;

/**
 * The stage's selection: the centre pane shows what the open tab of the left column picked, and each tab
 * remembers its own pick, so going back to a tab finds what was open there. Framework-free.
 */
export class StageSelection extends Store<StageSelectionState> {
  constructor() {
    super({ tab: STAGE_TABS.tools, picks: {} });
  }

  /** Opens a tab of the left column (and so its pick on the stage). */
  showTab(tab: string): void {
    if (tab !== this.get().tab) this.update({ tab });
  }

  /** Picks an item in `tab` and opens that tab. */
  open(tab: string, pick: StagePick): void {
    this.update((state) => ({ tab, picks: { ...state.picks, [tab]: pick } }));
  }

  /** What `tab` has picked, if anything. */
  pickOf(tab: string): StagePick | undefined {
    return this.get().picks[tab];
  }

  /** Forgets every pick (another server: its resources and prompts are not this one's). */
  forgetPicks(): void {
    if (Object.keys(this.get().picks).length) this.update({ picks: {} });
  }
}
