import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|new URL\(\s*)'((?:\.{1,2}|#shared|#client)\/[^']+)'/g;

/** Where `#shared/…` and `#client/…` (package.json `imports`) point, relative to the repository root. */
const ALIASES: Record<string, string> = { '#shared/': 'shared/', '#client/': 'client/' };

/** Folders that hold no source of ours: installed packages and build output. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'lib', '.git']);

/** The TypeScript files below `dir`, as paths relative to `root` (installed packages and build output left out). */
export function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Only the repository's own top-level lib/ is build output; client/lib and web/src/lib are source.
      if (NOT_SOURCE.has(entry.name) && (dir === root || entry.name !== 'lib')) return [];
      return sourceFiles(root, path);
    }
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}

/**
 * Every relative (and `#shared/`, `#client/`) import of each TypeScript file below `root`, resolved to a path
 * relative to `root` (an import that leaves `root` starts with `../`). `repoRoot` is where the aliases
 * resolve from, when `root` is the repository itself or a folder in it.
 */
export function importGraph(root: string, repoRoot?: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(SPECIFIER)]
      .map((match) => match[1]!.replace(/\?.*$/, ''))
      .filter((specifier) => repoRoot !== undefined || !specifier.startsWith('#'))
      .map((specifier) => {
        const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
        return alias
          ? relative(root, join(repoRoot!, ALIASES[alias]!, specifier.slice(alias.length)))
          : normalize(join(dirname(file), specifier));
      })
      .filter((target) => /\.tsx?$/.test(target));
    graph.set(file, targets);
  }
  return graph;
}

/** A circle through `edges`, as the list of its nodes, or undefined. */
export function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
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

/** The arrows between parts: for each part, the other parts its files import. */
export function partEdges(
  graph: Map<string, string[]>,
  partOf: (file: string) => string,
): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    for (const target of targets) {
      const to = partOf(target);
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}
