import { nestedFlags, type Flag } from '../../server/flag-table.ts';
import {
  checkTarget,
  hasTarget,
  takeCommand,
  TARGET_FLAGS,
  type TargetOptions,
} from '../../server/target-flags.ts';

export type { TargetOptions };

/** The options of a headless command that holds a target. */
export interface WithTarget {
  target: TargetOptions;
}

/** The target options (`--url`, `--header`…) as flags of a headless command: the bridge's own table. */
export function targetFlags<T extends WithTarget>(): Flag<T>[] {
  return nestedFlags(TARGET_FLAGS, (options: T) => options.target);
}

/**
 * Completes the target with the stdio command after `--`; throws when there is none or it is malformed
 * (with `usage` after the message when no target is given at all).
 */
export function readTarget(target: TargetOptions, rest: string[] | undefined, usage?: string): TargetOptions {
  if (rest) takeCommand(target, rest);
  checkTarget(target);
  if (!hasTarget(target))
    throw new Error(`Give a target: a command after --, --url, or --config${usage ? `\n\n${usage}` : ''}`);
  return target;
}
