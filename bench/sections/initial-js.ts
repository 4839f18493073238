import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectPath } from '../../test/support/start-cli.ts';
import { row, type BenchRow } from '../lib/report.ts';

const MAX_INITIAL_KB = 300;

/**
 * The JavaScript a first visit must download before the app runs: the entry script of
 * dist/index.html, its modulepreloads and, transitively, its static imports, each gzipped.
 * Chunks loaded only by dynamic import() are left out: they wait until they are needed.
 */
export function benchInitialJs(distDir = projectPath('dist')): BenchRow[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!);
  const files = new Set<string>();
  const visit = (url: string, from: string) => {
    const file = url.startsWith('/') ? path.join(distDir, url) : path.resolve(path.dirname(from), url);
    if (files.has(file) || !file.endsWith('.js')) return;
    files.add(file);
    for (const imported of staticImports(readFileSync(file, 'utf8'))) visit(imported, file);
  };
  for (const entry of entries) visit(entry, path.join(distDir, 'index.html'));

  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const content = readFileSync(file);
    raw += content.length;
    gzipped += gzipSync(content, { level: 9 }).length;
  }
  const kb = gzipped / 1024;
  return [
    row({
      area: 'Web app',
      figure: `Initial JavaScript, gzipped (${files.size} file${files.size === 1 ? '' : 's'})`,
      value: `${kb.toFixed(1)} KB`,
      baseline: `${(raw / 1024).toFixed(0)} KB before gzip`,
      target: `≤ ${MAX_INITIAL_KB} KB`,
      passed: kb <= MAX_INITIAL_KB,
    }),
  ];
}

/** Relative specifiers of static `import … from "./x.js"` and `import "./x.js"` in minified code. */
function staticImports(code: string): string[] {
  const found = [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g)];
  return found.map((match) => match[1]!);
}
