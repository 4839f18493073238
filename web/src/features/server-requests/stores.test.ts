import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilitySettings, toClientCapabilities } from './capability-settings.ts';
import { NotificationLog } from '../server-log/notification-log.ts';
import { RootsStore, rootUriProblem } from './roots-store.ts';
import { atLeast, severity } from '../server-log/log-levels.ts';

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => data.set(key, value),
  });
  return data;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CapabilitySettings', () => {
  it('defaults every feature on and remembers changes', () => {
    const data = fakeStorage();
    const settings = new CapabilitySettings();
    expect(settings.get()).toEqual({ sampling: true, elicitation: true, roots: true });
    settings.set('roots', false);
    expect(new CapabilitySettings().get().roots).toBe(false);
    expect(data.size).toBe(1);
  });

  it('ignores malformed stored values', () => {
    fakeStorage({ 'toolscope.client-capabilities': '{"sampling":"no","roots":false}' });
    expect(new CapabilitySettings().get()).toEqual({ sampling: true, elicitation: true, roots: false });
    fakeStorage({ 'toolscope.client-capabilities': 'null' });
    expect(new CapabilitySettings().get().sampling).toBe(true);
  });

  it('maps flags to capabilities', () => {
    expect(toClientCapabilities({ sampling: false, elicitation: true, roots: false })).toEqual({
      elicitation: { form: {}, url: {} },
    });
  });
});

describe('RootsStore', () => {
  it('accepts file:// directories only', () => {
    expect(rootUriProblem('file:///home/me')).toBeUndefined();
    expect(rootUriProblem('https://example.com/x')).toMatch(/file:\/\//);
    expect(rootUriProblem('not a uri')).toMatch(/Not a URI/);
    expect(rootUriProblem('file:///')).toMatch(/directory/);
  });

  it('adds, refuses duplicates, removes, and persists', () => {
    fakeStorage();
    const roots = new RootsStore();
    expect(roots.add(' file:///srv/app ', ' App ')).toBeUndefined();
    expect(roots.add('file:///srv/app')).toMatch(/already/);
    expect(new RootsStore().get().roots).toEqual([{ uri: 'file:///srv/app', name: 'App' }]);
    roots.remove('file:///srv/app');
    expect(new RootsStore().get().roots).toEqual([]);
  });

  it('drops invalid stored roots', () => {
    fakeStorage({ 'toolscope.roots': '[{"uri":"http://x/"},{"uri":"file:///ok"},7]' });
    expect(new RootsStore().get().roots).toEqual([{ uri: 'file:///ok' }]);
  });
});

describe('NotificationLog', () => {
  it('publishes once per batch and keeps the newest entries up to the cap', () => {
    const runs: (() => void)[] = [];
    const log = new NotificationLog((run) => runs.push(run), 3);
    let published = 0;
    log.subscribe(() => published++);
    for (let i = 0; i < 5; i++) log.add({ kind: 'notification', method: `m${i}`, params: {} }, i);
    expect(runs).toHaveLength(1);
    runs[0]!();
    expect(published).toBe(1);
    expect(log.get().entries.map((e) => (e.kind === 'notification' ? e.method : ''))).toEqual([
      'm2',
      'm3',
      'm4',
    ]);
  });
});

describe('log levels', () => {
  it('orders debug below emergency and never hides unknown levels', () => {
    expect(severity('debug')).toBe(0);
    expect(atLeast('error', 'warning')).toBe(true);
    expect(atLeast('info', 'warning')).toBe(false);
    expect(atLeast('mystery', 'emergency')).toBe(true);
  });
});
