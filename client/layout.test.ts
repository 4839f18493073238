import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle, importGraph, partEdges } from '../test/support/import-graph.ts';

/*
 * The import direction inside client/, the headless MCP client that the page, `toolscope check` and the
 * bench share. Each folder may import only the folders listed for it (and itself); nothing here imports
 * the page (web/), the bridge (server/) or the command line (cli/). Tests may also use test/support.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
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

const root = dirname(fileURLToPath(import.meta.url));
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The folder of a file below client/ (`../…` for a file outside it). */
function partOf(file: string): string {
  if (file.startsWith('..')) return file.split('/').slice(0, 2).join('/');
  return file.includes('/') ? file.split('/')[0]! : '.';
}

describe('client/ layout', () => {
  const graph = importGraph(root);
  const code = new Map([...graph].filter(([file]) => !isTest(file) && file !== 'layout.test.ts'));

  it('finds the files and their imports', () => {
    expect(code.size).toBeGreaterThan(60);
    expect(graph.get('session/mcp-session.ts')).toContain('transport/traced-transport.ts');
  });

  it('holds every file in a known folder', () => {
    expect([...code.keys()].filter((file) => !(partOf(file) in MAY_IMPORT))).toEqual([]);
  });

  it('every folder imports only the folders below it, and nothing outside client/', () => {
    const upward = [...code].flatMap(([file, targets]) => {
      const allowed = MAY_IMPORT[partOf(file)] ?? [];
      return targets
        .filter((target) => partOf(target) !== partOf(file) && !allowed.includes(partOf(target)))
        .map((target) => `${file} -> ${target}`);
    });
    expect(upward).toEqual([]);
  });

  it('tests import nothing of the page, the bridge or the command line', () => {
    const outside = [...graph]
      .filter(([file]) => isTest(file))
      .flatMap(([file, targets]) =>
        targets.filter((t) => /^\.\.\/(web|server|cli)\//.test(t)).map((t) => `${file} -> ${t}`),
      );
    expect(outside).toEqual([]);
  });

  it('no folder and no module imports itself back', () => {
    expect(findCycle(partEdges(code, partOf))).toBeUndefined();
    expect(findCycle(new Map([...code].map(([file, targets]) => [file, new Set(targets)])))).toBeUndefined();
  });
});
