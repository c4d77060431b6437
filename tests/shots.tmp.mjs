import { chromium } from 'playwright-core';

const base = 'http://localhost:8092';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
await page.goto(`${base}/home`);
await page.locator('#email').fill('administrator@demo.reviewdesk.test');
await page.locator('#password').fill('Reviewdesk-demo-1');
await page.locator('form').getByRole('button').click();
await page.waitForTimeout(4000);
await page.locator('[data-testid="language.en"]').click();
await page.waitForTimeout(2000);
for (const [name, url, wait] of [
  ['home', '/home', 4000],
  ['metrics', '/metrics', 5000],
  ['workspace-edit', '/workspace/edit', 4000],
  ['workspace-fields', '/workspace/edit?tab=fields', 4000],
  ['tasks', '/task/list', 4000],
]) {
  await page.goto(base + url);
  await page.waitForTimeout(wait);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log('shot', name, page.url());
}
// the recording in the transcript editor
await page.getByLabel('Workspace').selectOption({ label: 'Meeting recordings' });
await page.waitForTimeout(3000);
await page.locator('table tbody tr a').first().click();
await page.waitForTimeout(7000);
await page.screenshot({ path: '/tmp/shots/transcript.png' });
console.log('shot transcript', page.url());
// home search
await page.goto(`${base}/home`);
await page.waitForTimeout(3000);
const search = page.getByRole('searchbox').first();
await search.fill('invoice');
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/shots/home-search.png' });
await browser.close();
