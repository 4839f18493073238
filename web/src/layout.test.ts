import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle, importGraph } from '../../test/support/import-graph.ts';

/*
 * The import direction of web/src, as the README's layout paragraph states it. The headless client
 * (client/) lies below every part; its own order is client/layout.test.ts's. Each part may
 * import only the parts listed for it (and itself); nothing imports boot/ or main.tsx. Feature
 * folders may use one another, but never in a circle, and no module imports itself back.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  lib: ['client'],
  calls: ['lib', 'client'],
  ui: ['lib', 'client'],
  features: ['lib', 'calls', 'ui', 'services', 'client'],
  services: ['lib', 'calls', 'features', 'client'],
  app: ['lib', 'calls', 'ui', 'features', 'services', 'client'],
  boot: ['lib', 'calls', 'ui', 'features', 'services', 'app', 'client'],
  main: ['lib', 'calls', 'ui', 'features', 'services', 'app', 'boot', 'client'],
};

const root = dirname(fileURLToPath(import.meta.url));

/** The part a file belongs to, from its path below web/src. */
function partOf(file: string): string {
  if (file.startsWith('../../client/')) return 'client';
  if (file.startsWith('..')) return 'outside';
  const [first] = file.split('/');
  if (file === 'services.ts') return 'services';
  if (file === 'app.tsx' || file === 'root.tsx') return 'app';
  if (file === 'main.tsx' || file === 'layout.test.ts') return 'main';
  return first!;
}

/** The feature folder of a file under features/, else undefined. */
function featureOf(file: string): string | undefined {
  const [first, second] = file.split('/');
  return first === 'features' ? second : undefined;
}

describe('web/src layout', () => {
  const graph = importGraph(root);

  it('finds the files and their imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('services.ts')).toContain('../../client/session/mcp-session.ts');
  });

  it('imports point only at existing files (the scan reads every import)', () => {
    const missing = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => !target.startsWith('..') && !graph.has(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('every part imports only the parts below it', () => {
    const upward = [...graph].flatMap(([file, targets]) => {
      const from = partOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) return [`${file}: not in a known part of web/src`];
      return (
        targets
          .filter((target) => partOf(target) !== from && !allowed.includes(partOf(target)))
          // Tests may use the shared test support and fixtures.
          .filter((target) => !(/\.test\.tsx?$/.test(file) && target.startsWith('../../test/')))
          .map((target) => `${file} -> ${target}`)
      );
    });
    expect(upward).toEqual([]);
  });

  it('feature folders do not depend on each other in a circle', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      for (const target of targets) {
        const to = featureOf(target);
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycle(edges)).toBeUndefined();
  });

  it('no module imports itself back', () => {
    const edges = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    expect(findCycle(edges)).toBeUndefined();
  });

  it('knows a circle when it sees one', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(edges)).toEqual(['a', 'b', 'c', 'a']);
    expect(partOf('features/result/result-view.tsx')).toBe('features');
    expect(partOf('root.tsx')).toBe('app');
  });
});
