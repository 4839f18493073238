import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

/** `npm run test:pack`: the pack-and-install test, apart from the e2e suite (it packs and installs, a minute or two). */
export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../../test-results/pack',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
});
