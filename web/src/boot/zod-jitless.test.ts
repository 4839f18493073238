import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { globalConfig } from 'zod/v4/core';
import './zod-jitless.ts';

describe("the page's zod setting", () => {
  // Compiling zod's parsers would cost the first modern connect ~0.4 s of main thread.
  it('turns off the compiled parsers, before any other import of the page builds a schema', () => {
    expect(globalConfig.jitless).toBe(true);
    const main = readFileSync(new URL(['..', 'main.tsx'].join('/'), import.meta.url), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toMatch(/^import '\.\/boot\/zod-jitless\.ts';$/);
  });
});
