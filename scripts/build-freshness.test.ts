import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFreshness, listInputFiles, writeStamp, type BuildSpec } from './build-freshness.js';

let root: string;
const spec: BuildSpec = {
  name: 'thing',
  inputs: ['src', 'config.json'],
  outputs: ['out/main.js'],
  stamp: 'out/.build-stamp',
};

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Does what a build does: writes the output, then the stamp of the inputs it read. */
function build(): void {
  const state = checkFreshness(root, spec);
  write('out/main.js', 'built');
  writeStamp(root, spec, state.hash);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolscope-freshness-'));
  write('src/a.ts', 'a');
  write('src/nested/b.tsx', 'b');
  write('src/a.test.ts', 'test');
  write('config.json', '{}');
  write('src/node_modules/x/index.js', 'x');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build freshness', () => {
  it('lists the input files, sorted, without tests or node_modules', () => {
    expect(listInputFiles(root, spec.inputs)).toEqual(['config.json', 'src/a.ts', 'src/nested/b.tsx']);
  });

  it('is stale before the first build and fresh after it', () => {
    expect(checkFreshness(root, spec)).toMatchObject({ fresh: false, reason: 'out/main.js is missing' });
    build();
    expect(checkFreshness(root, spec).fresh).toBe(true);
  });

  it('is stale when a file changes, appears, is renamed or goes away', () => {
    build();
    const changes: (() => void)[] = [
      () => write('src/a.ts', 'a2'),
      () => write('src/c.ts', 'c'),
      () => {
        rmSync(path.join(root, 'src/c.ts'));
        write('src/d.ts', 'c');
      },
      () => rmSync(path.join(root, 'src/d.ts')),
      () => write('config.json', '{"x":1}'),
    ];
    for (const change of changes) {
      change();
      expect(checkFreshness(root, spec)).toMatchObject({ fresh: false, reason: 'sources changed' });
      build();
      expect(checkFreshness(root, spec).fresh).toBe(true);
    }
  });

  it('stays fresh when only times change, or a test file, or a file that is not an input', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/a.ts'), later, later);
    write('src/a.test.ts', 'another test');
    write('README.md', 'docs');
    expect(checkFreshness(root, spec).fresh).toBe(true);
  });

  it('is stale when the output or the stamp is gone (a build by other means empties the folder)', () => {
    build();
    rmSync(path.join(root, 'out/.build-stamp'));
    expect(checkFreshness(root, spec)).toMatchObject({ fresh: false, reason: 'it was built by other means' });
    build();
    rmSync(path.join(root, 'out/main.js'));
    expect(checkFreshness(root, spec)).toMatchObject({ fresh: false, reason: 'out/main.js is missing' });
  });
});
