import { describe, expect, it } from 'vitest';
import { CallHistory } from './call-history.ts';
import { Workspace } from './workspace.ts';
import { resultFollowsTool } from './result-follows-tool.ts';

describe('resultFollowsTool', () => {
  it("shows the picked tool's own last result, or none", () => {
    const history = new CallHistory();
    const workspace = new Workspace();
    resultFollowsTool(workspace, history);
    workspace.selectTool('echo');
    const first = history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: {} });
    const second = history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: { text: 'b' } });
    history.select(second);

    workspace.selectTool('get_weather');
    expect(history.get().selectedId).toBeUndefined();

    workspace.selectTool('echo');
    expect(history.get().selectedId).toBe(second);
    expect(first).not.toBe(second);
  });

  it('leaves a call chosen in the history alone while the tool stays the same', () => {
    const history = new CallHistory();
    const workspace = new Workspace();
    resultFollowsTool(workspace, history);
    workspace.selectTool('echo');
    const first = history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: {} });
    history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: {} });
    history.select(first);
    workspace.setDraft('echo', '{}');
    expect(history.get().selectedId).toBe(first);
  });
});

describe('resultFollowsTool with an older call of the picked tool shown', () => {
  it('keeps that call instead of jumping to the newest one', () => {
    const history = new CallHistory();
    const workspace = new Workspace();
    resultFollowsTool(workspace, history);
    const older = history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: {} });
    history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: { text: 'newer' } });
    history.select(older);
    workspace.selectTool('echo');
    expect(history.get().selectedId).toBe(older);
  });
});
