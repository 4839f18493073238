import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The import direction of web/src, as the README's layout paragraph states it. Each part may
 * import only the parts listed for it (and itself); nothing imports boot/ or main.tsx. Feature
 * folders may use one another, but never in a circle, and no module imports itself back.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  lib: [],
  mcp: ['lib'],
  schema: ['lib', 'mcp'],
  calls: ['lib', 'mcp'],
  ui: ['lib', 'mcp'],
  // The findings of `toolscope check` and the Checks tab: browser-safe, reusing the rules the views apply.
  checks: ['lib', 'mcp', 'schema', 'features'],
  features: ['lib', 'mcp', 'schema', 'calls', 'ui', 'services', 'checks'],
  services: ['lib', 'mcp', 'calls', 'features'],
  app: ['lib', 'mcp', 'schema', 'calls', 'ui', 'features', 'services'],
  boot: ['lib', 'mcp', 'schema', 'calls', 'ui', 'features', 'services', 'app'],
  main: ['lib', 'mcp', 'schema', 'calls', 'ui', 'features', 'services', 'app', 'boot'],
};

const root = dirname(fileURLToPath(import.meta.url));

/** The part a file belongs to, from its path below web/src. */
function partOf(file: string): string {
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

function sourceFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|new URL\(\s*)'(\.{1,2}\/[^']+)'/g;

/** Every relative import of each file, resolved to a path below web/src. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(SPECIFIER)]
      .map((match) => normalize(join(dirname(file), match[1]!.replace(/\?.*$/, ''))))
      .filter((target) => /\.tsx?$/.test(target));
    graph.set(file, targets);
  }
  return graph;
}

/** A circle through `edges`, as the list of its nodes, or undefined. */
function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('web/src layout', () => {
  const graph = importGraph();

  it('finds the files and their imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('services.ts')).toContain('mcp/mcp-session.ts');
  });

  it('imports point only at existing files (the scan reads every import)', () => {
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => !graph.has(target)).map((target) => `${file} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('every part imports only the parts below it', () => {
    const upward = [...graph].flatMap(([file, targets]) => {
      const from = partOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) return [`${file}: not in a known part of web/src`];
      return targets
        .filter((target) => partOf(target) !== from && !allowed.includes(partOf(target)))
        .map((target) => `${file} -> ${target}`);
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
