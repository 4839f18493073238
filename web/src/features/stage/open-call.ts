import { methodOf, type CallEntry } from '../../calls/call-history.ts';
import { STAGE_TABS, type StageSelection } from '../../calls/stage-selection.ts';

/**
 * Puts a call's own stage in front: a tool call's on the Tools tab, a resource read's resource, a prompt get's
 * prompt (with the arguments it was got with when `edit`, to change and get again).
 */
export function openCallOnStage(stage: StageSelection, call: CallEntry, { edit = false } = {}): void {
  switch (methodOf(call)) {
    case 'tools/call':
      return stage.showTab(STAGE_TABS.tools);
    case 'resources/read':
      return stage.open(STAGE_TABS.resources, { kind: 'resource', id: call.tool });
    case 'prompts/get':
      return stage.open(STAGE_TABS.prompts, {
        kind: 'prompt',
        id: call.tool,
        ...(edit ? { data: { args: call.args } } : {}),
      });
  }
}
