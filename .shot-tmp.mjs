// Usage: node /tmp/shots/shots.mjs <url-with-token> <outdir> [sizes] ; run from /work/main (NODE_PATH)
import { chromium } from '@playwright/test';
const [url, out = '/tmp/shots/out', sizesArg = '1280x800,1440x900,1920x1080'] = process.argv.slice(2);
const sizes = sizesArg.split(',').map((s) => s.split('x').map(Number));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const scheme of ['light', 'dark']) {
  for (const [width, height] of sizes) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    const tag = `${width}-${scheme}`;
    const shot = (n) => page.screenshot({ path: `${out}/${n}-${tag}.png` });
    await page.goto(url);
    await page.getByRole('status').filter({ hasText: /^Connected$/ }).waitFor({ timeout: 20000 });
    await shot('01-first');
    const pick = async (name) => {
      await page.getByRole('searchbox', { name: 'Filter tools' }).or(page.getByRole('textbox', { name: 'Filter tools' })).fill(name);
      await page.getByRole('list', { name: 'Tools' }).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) }).getByRole('button').click();
      await page.getByRole('searchbox', { name: 'Filter tools' }).or(page.getByRole('textbox', { name: 'Filter tools' })).fill('');
    };
    const call = async () => {
      await page.getByRole('button', { name: 'Call tool' }).click();
      const dlg = page.getByRole('dialog', { name: 'Approve tool call' });
      await dlg.waitFor({ timeout: 5000 }).catch(() => {});
      if (await dlg.isVisible()) await dlg.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('region', { name: 'Result' }).getByRole('tab', { name: 'Rendered' }).waitFor({ timeout: 20000 });
    };
    await pick('get_weather');
    await page.getByRole('region', { name: 'Tool', exact: true }).getByRole('textbox').first().fill('Lisbon').catch(() => {});
    await call();
    await page.getByText(/match|Not checked/).first().waitFor({ timeout: 5000 }).catch(() => {});
    await shot('02-weather-result');
    await pick('create_order');
    await shot('03-order-form');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await page.getByRole('dialog', { name: 'Approve tool call' }).waitFor({ timeout: 5000 }).catch(() => {});
    await shot('04-approval');
    await page.keyboard.press('Escape');
    for (const t of ['generate_image', 'generate_audio', 'mixed_content', 'get_resource_link', 'embedded_text_resource', 'fail_with_tool_error', 'weather_card']) {
      const exists = await page.getByRole('list', { name: 'Tools' }).getByText(t, { exact: true }).count();
      if (!exists) continue;
      await pick(t);
      await call().catch(() => {});
      await shot(`05-result-${t}`);
    }
    const rows = page.getByRole('region', { name: 'Trace' }).getByRole('button', { name: /tools\/call → result/ });
    if (await rows.count()) { await rows.last().click(); await shot('06-trace-frame'); }
    await page.close();
  }
}
await browser.close();
