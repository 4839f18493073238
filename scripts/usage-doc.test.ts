import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE_DOC, everyFlagSection, withSection } from './usage-doc.ts';

describe('docs/usage.md', () => {
  it("lists every flag exactly as the commands' --help does (npx tsx scripts/usage-doc.ts writes it)", () => {
    const doc = readFileSync(USAGE_DOC, 'utf8');
    expect(withSection(doc, everyFlagSection())).toBe(doc);
  });

  it('names every command line, each with its own help', () => {
    const section = everyFlagSection();
    for (const flag of ['--sandbox-port', '--skills', '--compare-direct', '--provider', '--reload', '--to'])
      expect(section).toContain(flag);
  });
});
