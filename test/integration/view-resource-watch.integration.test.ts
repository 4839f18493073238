import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { ResourceWatch } from '../../web/src/features/apps/developer/resource-watch.ts';
import { UiResourceCache } from '../../web/src/features/apps/ui-resource.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';

// The watch of a View's resource, through the bridge against a real server that rebuilds its View: the page's
// session reads the resource, the server changes it and says so, and the page reads it again by itself. On a
// 2025-era connection the page subscribes to the URI (resources/updated); in the 2026-07-28 era the change
// arrives as resources/list_changed on the connection's subscriptions/listen.

const VIEW_URI = 'ui://probe/view.html';
let bridge: RunningBridge;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
});

const sent = (session: McpSession, method: string) =>
  session.trace
    .get()
    .frames.filter((f) => f.direction === 'out' && (f.message as { method?: string }).method === method);

describe.each(['legacy', 'modern'] as const)('the resource watch (%s era)', (era) => {
  it('reads the View again when the server says it changed, and stops when the watch stops', async () => {
    const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
    sessions.push(session);
    await session.connect({ ...fixtureCommand('app-probe-server'), era });
    expect(session.state.get().server?.era).toBe(era);
    const cache = new UiResourceCache((uri) => session.readResource(uri));
    const reasons: string[] = [];
    const watch = new ResourceWatch(session, (uri, why) => {
      reasons.push(why);
      void cache.reload(uri);
    });
    const html = () => {
      const read = cache.peek(VIEW_URI);
      return read?.status === 'ok' ? read.html : '';
    };
    await cache.read(VIEW_URI);
    expect(html()).toContain('version 1');

    const stop = watch.watch(VIEW_URI);
    if (era === 'legacy')
      await waitFor(() => sent(session, 'resources/subscribe').length === 1, 'the subscription');
    else await waitFor(() => session.state.get().listen?.status === 'open', 'the listen acknowledgement');
    await session.callTool('rebuild_view', {});
    await waitFor(() => html().includes('version 2'), 'the View read again');
    expect(reasons).toContain(era === 'legacy' ? 'updated' : 'list changed');
    expect(sent(session, 'resources/read').length).toBeGreaterThanOrEqual(2);

    stop();
    if (era === 'legacy')
      await waitFor(() => sent(session, 'resources/unsubscribe').length === 1, 'the unsubscription');
    const reads = sent(session, 'resources/read').length;
    // A change after the watch stopped is not read: the server's notification comes before its answer.
    await session.callTool('rebuild_view', {});
    await session.callTool('rebuild_view', {});
    expect(sent(session, 'resources/read')).toHaveLength(reads);
    expect(html()).toContain('version 2');
  });
});
