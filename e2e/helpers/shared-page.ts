import { test, type Page } from '@playwright/test';
import { ToolscopePage } from './toolscope-page.ts';

/**
 * One connected page for every test of a describe block, for tests that each call a different tool
 * and read only that call's result: opening a page and connecting is most of such a test's time.
 * Makes the block serial (a failure skips the rest; a retry runs the block again). `url` is read in
 * beforeAll, so declare this after the hook that starts Toolscope.
 */
export function sharedConnectedPage(url: () => string): {
  readonly page: Page;
  readonly app: ToolscopePage;
} {
  test.describe.configure({ mode: 'serial' });
  let app: ToolscopePage | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    const page = await browser.newPage({ viewport: testInfo.project.use.viewport ?? null });
    app = new ToolscopePage(page);
    await app.open(url());
    await app.expectConnected();
  });
  test.afterAll(async () => {
    await app?.page.context().close();
  });
  return {
    get page(): Page {
      if (!app) throw new Error('The shared page is not open (read .page inside a test)');
      return app.page;
    },
    get app(): ToolscopePage {
      if (!app) throw new Error('The shared page is not open (read .app inside a test)');
      return app;
    },
  };
}
