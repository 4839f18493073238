import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const width of [1280, 1440]) {
const p = await b.newPage({ viewport: { width, height: 800 } });
await p.goto(process.argv[2]);
await p.getByRole('status').filter({ hasText: /^Connected$/ }).waitFor();
const trace = p.getByRole('region', { name: 'Trace' });
for (const n of ['Filter trace','Direction','Method','Asked by','Errors only']) {
  const bb = await trace.getByLabel(n).first().boundingBox(); console.log(width, n, Math.round(bb.x), Math.round(bb.width));
}
console.log('region', JSON.stringify(await trace.boundingBox()));
await p.close();
}
await b.close();
