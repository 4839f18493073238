import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other and into the code; a page moved or a heading renamed must not
 * leave a reader at a dead link. Checks every local `](target)` link: the file exists, and a `#anchor`
 * into a markdown file names one of its headings (slugged as GitHub does).
 */
const root = path.resolve(import.meta.dirname, '..');
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));
}

function localLinks(page: string): string[] {
  const text = readFileSync(path.join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('links in the README and docs/', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('Hosted load and flood (`npm run bench -- hosted`)')).toBe(
      'hosted-load-and-flood-npm-run-bench----hosted',
    );
    expect(slug("stdio latency: where the bridge's time goes")).toBe(
      'stdio-latency-where-the-bridges-time-goes',
    );
  });

  for (const page of documents)
    it(`${page}: every local link reaches a file, and its anchor a heading`, () => {
      const dead: string[] = [];
      for (const target of localLinks(page)) {
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file
          ? path.resolve(path.dirname(path.join(root, page)), file)
          : path.join(root, page);
        if (!existsSync(resolved)) dead.push(`${target}: no such file`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
          dead.push(`${target}: no heading with that anchor`);
      }
      expect(dead).toEqual([]);
    });
});
