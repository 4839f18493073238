import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle, importGraph, partEdges } from './support/import-graph.ts';

/*
 * The import direction of the whole repository, drawn between rooms: `shared`, each `client/<folder>`,
 * `server/<folder>` (a file at the top of server/ is a room of its own), each `cli/<folder>`, each part
 * of `web/src` and each feature folder. A room imports only itself and the rooms listed below it; no
 * two rooms import each other, even through others. `bench/`, `test/`, `e2e/` and `scripts/` may import
 * anything, and a test anywhere may also use `test/` (its support and fixtures).
 */

/** Inside client/: each folder and the folders it may import. */
const CLIENT: Record<string, readonly string[]> = {
  lib: [],
  transport: [],
  content: [],
  era: ['lib', 'transport'],
  tasks: ['era'],
  tools: ['era'],
  schema: ['era'],
  trace: ['era', 'transport'],
  session: ['lib', 'transport', 'era', 'tasks', 'tools', 'trace'],
  skills: ['content', 'session'],
  checks: ['lib', 'era', 'content', 'tasks', 'tools', 'schema', 'session', 'skills'],
  baseline: ['checks'],
};

/**
 * Inside web/src: each part and the parts it may import (features may use one another, never in a circle).
 * `services` is the core the features build on and names no feature; `feature` is the feature interface;
 * `replay` is a read-only replay's model (session file, recording replays); `app` lists the features.
 */
const WEB: Record<string, readonly string[]> = {
  lib: [],
  calls: ['lib'],
  ui: ['lib'],
  services: ['lib', 'calls'],
  feature: ['lib', 'calls', 'services'],
  replay: ['lib', 'calls', 'services'],
  features: ['lib', 'calls', 'ui', 'services', 'feature', 'replay', 'features'],
  app: ['lib', 'calls', 'ui', 'services', 'feature', 'replay', 'features'],
  boot: ['lib', 'calls', 'ui', 'services', 'feature', 'replay', 'features', 'app'],
  main: ['lib', 'calls', 'ui', 'services', 'feature', 'replay', 'features', 'app', 'boot'],
};

/** Top folders whose files may import anything of ours. */
const ANYTHING = new Set(['bench', 'test', 'e2e', 'scripts', '.']);

/** The room of a file, from its path below the repository root. */
export function roomOf(file: string): string {
  const parts = file.split('/');
  const [top, second] = parts;
  if (parts.length === 1) return '.';
  if (top === 'web' && second === 'src') {
    if (parts[2] === 'features') return `web/features/${parts[3]}`;
    if (parts.length > 3) return `web/${parts[2]}`;
    const name = parts[2]!.replace(/(\.test)?\.tsx?$/, '');
    if (name === 'root') return 'web/app';
    return `web/${name}`;
  }
  if (top === 'shared' || ANYTHING.has(top!)) return top!;
  if (top === 'server' && parts.length === 2) return `server/${second!.replace(/\.tsx?$/, '')}`;
  return parts.length === 2 ? top! : `${top}/${second}`;
}

/** Whether a file in room `from` may import a file in room `to` (rooms differ). */
export function mayImport(from: string, to: string): boolean {
  const [top, part] = from.split('/');
  const [toTop, toPart] = to.split('/');
  if (ANYTHING.has(top!)) return true;
  if (to === 'shared') return true;
  if (top === 'shared') return false;
  if (top === 'client') return toTop === 'client' && (CLIENT[part!] ?? []).includes(toPart!);
  if (top === 'server') return toTop === 'server';
  if (top === 'cli') return toTop === 'cli' || toTop === 'client' || toTop === 'server';
  if (top === 'web') {
    if (toTop === 'client') return true;
    if (toTop !== 'web') return false;
    const webPart = (room: string) => (room.startsWith('web/features/') ? 'features' : room.slice(4));
    return (WEB[webPart(from)] ?? []).includes(webPart(to));
  }
  return false;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every import that runs back up: `file -> target` where the rooms allow no such arrow. */
export function upwardImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => roomOf(target) !== roomOf(file) && !mayImport(roomOf(file), roomOf(target)))
      .filter((target) => !(isTest(file) && roomOf(target) === 'test'))
      .map((target) => `${file} -> ${target}`),
  );
}

/** A circle between rooms (drawn from the code, not its tests), or undefined. */
export function roomCycle(graph: Map<string, string[]>): string[] | undefined {
  const code = new Map([...graph].filter(([file]) => !isTest(file) && !ANYTHING.has(roomOf(file))));
  return findCycle(partEdges(code, roomOf));
}

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('repository layout', () => {
  const graph = importGraph(repo, repo);

  it('finds the files and their imports, aliases included', () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get('web/src/services.ts')).toContain('client/session/mcp-session.ts');
    expect(graph.get('web/src/services.ts')).toContain('shared/targets.ts');
  });

  it('imports point only at existing files (the scan reads every import)', () => {
    // Tests are left out: some hold import lines as text to lint, not as imports.
    const missing = [...graph]
      .filter(([file]) => !isTest(file))
      .flatMap(([file, targets]) =>
        targets.filter((target) => !graph.has(target)).map((target) => `${file} -> ${target}`),
      );
    expect(missing).toEqual([]);
  });

  it('every file is in a known room', () => {
    const unknown = [...graph.keys()].filter((file) => {
      const [top, part] = roomOf(file).split('/');
      if (top === 'client') return !(part! in CLIENT);
      if (top === 'web') return !(part === 'features' || part! in WEB);
      return !['shared', 'server', 'cli', ...ANYTHING].includes(top!);
    });
    expect(unknown).toEqual([]);
  });

  it('no import runs back up', () => {
    const upward = upwardImports(graph);
    expect(upward).toEqual([]);
  });

  it('no two rooms import each other, even through others', () => {
    expect(roomCycle(graph)).toBeUndefined();
  });

  it('no module imports itself back', () => {
    const code = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    expect(findCycle(code)).toBeUndefined();
  });

  it('knows an arrow back up and a circle when it sees one', () => {
    const bad = new Map([
      ['web/src/services.ts', ['web/src/features/result/view.tsx']],
      ['web/src/features/result/view.tsx', ['web/src/services.ts']],
      ['server/bridge.ts', ['client/session/mcp-session.ts', 'shared/targets.ts']],
      ['shared/targets.ts', ['server/bridge.ts']],
      ['client/era/era.ts', ['client/session/mcp-session.ts']],
      ['client/session/mcp-session.ts', ['client/era/era.ts']],
      ['e2e/a.spec.ts', ['web/src/services.ts']],
    ]);
    expect(upwardImports(bad)).toEqual([
      'web/src/services.ts -> web/src/features/result/view.tsx',
      'server/bridge.ts -> client/session/mcp-session.ts',
      'shared/targets.ts -> server/bridge.ts',
      'client/era/era.ts -> client/session/mcp-session.ts',
    ]);
    expect(roomCycle(bad)).toEqual(['web/services', 'web/features/result', 'web/services']);
    expect(roomOf('web/src/root.tsx')).toBe('web/app');
    expect(roomOf('server/hosted/serve-command.ts')).toBe('server/hosted');
    expect(roomOf('server/bridge.ts')).toBe('server/bridge');
  });
});
