import { expect, type Locator, type Page } from '@playwright/test';
import type { ToolscopePage } from './toolscope-page.ts';

/** CLI arguments that inspect the fixture server whose results attack the page. */
export const HOSTILE_SERVER = [
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/hostile-results-server.ts',
];

/**
 * Calls `tool` (with `args` as JSON when given) and waits until the result shows how the call ended;
 * `timeout` for the results of many megabytes, which a loaded machine relays and parses slowly.
 */
export async function callAndWait(
  app: ToolscopePage,
  tool: string,
  args?: string,
  timeout?: number,
): Promise<Locator> {
  await app.selectTool(tool);
  if (args !== undefined) await app.setArgumentsJson(args);
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'Rendered' })).toBeVisible({ timeout });
  return app.result;
}

/** A content block of the result, by its accessible name ("Content 2: image"). */
export function block(result: Locator, name: string | RegExp): Locator {
  return result.getByRole('group', { name });
}

/** Saves a screenshot of the page under test-results/screens/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/result-${name}.png` });
}
