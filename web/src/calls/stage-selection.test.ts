import { describe, expect, it } from 'vitest';
import { STAGE_TABS, StageSelection } from './stage-selection.ts';
import { CallHistory, shownToolCall } from './call-history.ts';
import { describeSurfaceCall } from './call-details.ts';

describe('StageSelection', () => {
  it('remembers each tab its own pick, and the stage shows the open tab', () => {
    const stage = new StageSelection();
    expect(stage.get().tab).toBe(STAGE_TABS.tools);
    stage.open(STAGE_TABS.resources, { kind: 'resource', id: 'demo://a' });
    stage.open(STAGE_TABS.prompts, { kind: 'prompt', id: 'greet' });
    expect(stage.get().tab).toBe(STAGE_TABS.prompts);
    stage.showTab(STAGE_TABS.resources);
    expect(stage.pickOf(STAGE_TABS.resources)).toEqual({ kind: 'resource', id: 'demo://a' });
    expect(stage.pickOf(STAGE_TABS.prompts)?.id).toBe('greet');
    stage.forgetPicks();
    expect(stage.get()).toEqual({ tab: STAGE_TABS.resources, picks: {} });
  });
});

describe('reads and gets as calls', () => {
  it('describes a read by its URI and a get by its name and arguments', () => {
    expect(
      describeSurfaceCall({ method: 'resources/read', params: { uri: 'demo://a' }, server: 's', title: 'A' }),
    ).toMatchObject({
      method: 'resources/read',
      tool: 'demo://a',
      args: { uri: 'demo://a' },
      displayName: 'A',
    });
    expect(
      describeSurfaceCall({
        method: 'prompts/get',
        params: { name: 'greet', arguments: { who: 'x' } },
        server: 's',
      }),
    ).toEqual({ method: 'prompts/get', tool: 'greet', args: { who: 'x' }, server: 's' });
  });

  it("keeps a tool's Result when a read is selected: the newest call of the open tool shows", () => {
    const history = new CallHistory();
    const call = history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: {} });
    const read = history.start(
      describeSurfaceCall({ method: 'resources/read', params: { uri: 'x' }, server: 's' }),
    );
    expect(history.get().selectedId).toBe(read);
    expect(shownToolCall(history.get(), 'echo')?.id).toBe(call);
    expect(shownToolCall(history.get(), 'other')).toBeUndefined();
    history.select(call);
    expect(shownToolCall(history.get(), 'other')?.id).toBe(call);
  });
});
