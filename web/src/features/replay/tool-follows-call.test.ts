import { describe, expect, it } from 'vitest';
import { CallHistory } from '../../calls/call-history.ts';
import { Workspace } from '../../calls/workspace.ts';
import { resultFollowsTool } from '../../calls/result-follows-tool.ts';
import { toolFollowsCall } from './tool-follows-call.ts';

describe('toolFollowsCall (a replay)', () => {
  it('selects the tool of the call chosen in History, at once and on every change, and keeps that call', () => {
    const history = new CallHistory();
    const workspace = new Workspace();
    // As the services wire it: picking a tool shows that tool's last result.
    resultFollowsTool(workspace, history);
    const olderEcho = history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: { text: 'a' } });
    const weather = history.start({ tool: 'get_weather', toolKey: 'get_weather', server: 's', args: {} });
    history.start({ tool: 'echo', toolKey: 'echo', server: 's', args: { text: 'b' } });
    history.select(weather);

    const stop = toolFollowsCall(workspace, history);
    expect(workspace.get().selectedTool).toBe('get_weather');

    // An older call of a tool that has a newer one: the list follows and the chosen call stays on screen.
    history.select(olderEcho);
    expect(workspace.get().selectedTool).toBe('echo');
    expect(history.get().selectedId).toBe(olderEcho);

    // No call chosen: the tool stays as it was.
    history.select(undefined);
    expect(workspace.get().selectedTool).toBe('echo');

    stop();
    history.select(weather);
    expect(workspace.get().selectedTool).toBe('echo');
  });
});
