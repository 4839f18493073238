import { expect, type Locator, type Page } from '@playwright/test';

/** Role-based helpers for the Toolscope page, shared by the e2e tests. */
export class ToolscopePage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
  }

  get status(): Locator {
    return this.page.getByRole('status').filter({ hasText: /Connected|Connecting|Disconnected/ });
  }

  async expectConnected(): Promise<void> {
    await expect(this.status).toHaveText('Connected');
  }

  /** Disconnects, sets the stdio environment (KEY=value lines) under Options, and connects again. */
  async reconnectWithEnvironment(env: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Disconnect' }).click();
    await this.page.getByRole('button', { name: 'Options' }).click();
    await this.page.getByRole('textbox', { name: /Environment/ }).fill(env);
    await this.page.getByRole('button', { name: 'Connect' }).click();
    await this.expectConnected();
  }

  get toolList(): Locator {
    return this.page.getByRole('list', { name: 'Tools' });
  }

  tool(name: string): Locator {
    return this.toolList.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async selectTool(name: string): Promise<void> {
    const item = this.tool(name);
    if (await item.count()) return item.getByRole('button').click();
    // The list renders only the tools in view (it is virtualised), or has not loaded yet: the
    // filter brings this one in; clearing it afterwards keeps the selection.
    const filter = this.page
      .getByRole('searchbox', { name: 'Filter tools' })
      .or(this.page.getByRole('textbox', { name: 'Filter tools' }));
    await filter.fill(name);
    await item.getByRole('button').click();
    await filter.fill('');
  }

  get result(): Locator {
    return this.page.getByRole('region', { name: 'Result' });
  }

  get trace(): Locator {
    return this.page.getByRole('region', { name: 'Trace' });
  }

  /** The panel of the selected tool. */
  get toolPanel(): Locator {
    return this.page.getByRole('region', { name: 'Tool', exact: true });
  }

  /** Types the arguments as raw JSON in the JSON tab of the arguments editor (every tool has one). */
  async setArgumentsJson(json: string): Promise<void> {
    await this.toolPanel.getByRole('tab', { name: 'JSON', exact: true }).click();
    const editor = this.toolPanel.getByRole('textbox', { name: 'Arguments JSON' });
    // A fill right after the editor mounts can land before CodeMirror has taken the select-all, so the text is
    // inserted in front of the initial document instead of replacing it: fill again until the editor holds it.
    const squeezed = (text: string) => text.replace(/\s+/g, '');
    await expect(async () => {
      await editor.fill(json);
      expect(squeezed((await editor.textContent()) ?? '')).toBe(squeezed(json));
    }).toPass({ timeout: 10_000 });
  }

  get approvalDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approve tool call' });
  }

  get history(): Locator {
    return this.page.getByRole('list', { name: 'Call history' });
  }

  /** Opens the History tab. */
  async openHistory(): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'History', exact: true }).click();
    return this.history;
  }

  /** Clicks "Call tool" and approves the call in the approval dialog. */
  async callTool(): Promise<void> {
    await this.page.getByRole('button', { name: 'Call tool' }).click();
    await this.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  }
}

/** Shares the page's current recording and answers its link. */
export async function shareRecording(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share recording' });
  const link = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return url;
}
