import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '#shared/hosted-admin.ts';
import type { AdminApi } from './admin-api.ts';
import { AdminState } from './admin-state.ts';
import { describeReload, formatBytes, formatSince } from './admin-format.ts';

function overview(connections: string[]): AdminOverview {
  return {
    users: [],
    recordings: [],
    connections: connections.map((id) => ({
      id,
      user: 'bob',
      server: 'echo',
      catalog: true,
      transport: 'stdio',
      since: 0,
      bytesToServer: 1,
      bytesFromServer: 2,
    })),
  };
}

/** An API whose connections are ended for real, so the view's refresh shows it. */
function fakeApi(open: string[]): AdminApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    overview: async () => overview(open),
    endConnection: async (id) => {
      calls.push(`end ${id}`);
      if (!open.includes(id)) throw new Error('404: No such connection (it may have ended already)');
      open.splice(open.indexOf(id), 1);
    },
    unshareRecording: async (id) => void calls.push(`unshare ${id}`),
    deleteRecording: async (id) => void calls.push(`delete ${id}`),
    reload: async () => ({
      ok: false,
      applied: [],
      restart: [],
      problems: ['limits.connectionsPerUser: Too small'],
    }),
  };
}

describe('the Admin view state', () => {
  it('reads the overview again after an action, and keeps a failed action’s reason', async () => {
    const api = fakeApi(['a', 'b']);
    const state = new AdminState(api);
    await state.refresh();
    expect(state.get().overview?.connections.map((c) => c.id)).toEqual(['a', 'b']);
    await state.endConnection('a');
    expect(state.get().overview?.connections.map((c) => c.id)).toEqual(['b']);
    expect(state.get().error).toBeUndefined();
    await state.endConnection('a');
    expect(state.get().error).toBe('404: No such connection (it may have ended already)');
    await state.refresh();
    expect(state.get().error).toBeUndefined();
  });

  it('shows a refused reload with its problems', async () => {
    const state = new AdminState(fakeApi([]));
    await state.reloadConfig();
    expect(describeReload(state.get().reload!)).toBe(
      'The config was refused; the running one stays: limits.connectionsPerUser: Too small',
    );
  });
});

describe('admin figures', () => {
  it('read as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatSince(0, 30_000)).toBe('just now');
    expect(formatSince(0, 5 * 60_000)).toBe('5 min');
    expect(formatSince(0, 190 * 60_000)).toBe('3 h 10 min');
    expect(formatSince(0, 49 * 3_600_000)).toBe('2 days');
    expect(
      describeReload({ ok: true, applied: ['auth.tokens'], restart: ['server'], endedUsers: ['bob'] }),
    ).toBe('Config reloaded: applied auth.tokens; needs a restart: server; pages ended for bob.');
  });
});
