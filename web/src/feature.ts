/**
 * The feature interface: how a feature plugs into the page. `app.tsx` lists the features (`FEATURES`); the
 * page's layout, `createServices` and replays read that one list, so adding a feature is adding one entry.
 *
 * A feature may bring any of three things:
 * - **services**: its long-lived objects, built once per session (live or replay) by `create`, which is also
 *   where it plugs its session extension in (`session.use`). Their type is added to `AppServices` by the
 *   feature itself, with TypeScript's declaration merging (see `FeatureServices` in services.ts), so the page's
 *   core never names a feature;
 * - **stage**: a tab of the left column and what it puts on the stage (the centre pane);
 * - **side**: a tab of the calls and logs column (right).
 */
import type { ComponentType } from 'react';
import type { ServerDetails } from '#client/era/server-details.ts';
import type { FeatureServicesFactory } from './services.ts';

export interface Feature {
  /** What it is, in a word (for error messages and the docs). */
  name: string;
  services?: FeatureServicesFactory;
  stage?: StageEntry;
  side?: SideTab;
}

/**
 * One tab of the left column and what it puts on the stage (the centre pane): its tab, its list and its stage
 * view.
 */
export interface StageEntry {
  /** The tab's name in the left column, and the key of its pick (see StageSelection). */
  tab: string;
  /**
   * Whether the tab shows for the server of this page (its declared capabilities and extensions); always
   * when absent. A tab that is hidden while open hands the stage back to the first tab.
   */
  shown?: (server: ServerDetails | undefined) => boolean;
  /** The tab's content in the left column: its list, whose items pick what the stage shows. */
  List: ComponentType;
  /** The centre pane while the tab is open: the tab's pick with its form, action and result. */
  Stage: ComponentType;
  /** The stage takes more of the width beside the trace column (the chat's transcript wants it). */
  wide?: boolean;
}

/** One tab of the calls and logs column (History, Saved, Tasks, Checks, Server log). */
export interface SideTab {
  tab: string;
  Panel: ComponentType;
}

/** The stage entries of `features`, in their order. */
export function stageEntries(features: readonly Feature[]): StageEntry[] {
  return features.flatMap((feature) => (feature.stage ? [feature.stage] : []));
}

/** The calls and logs column's tabs of `features`, in their order. */
export function sideTabs(features: readonly Feature[]): SideTab[] {
  return features.flatMap((feature) => (feature.side ? [feature.side] : []));
}
