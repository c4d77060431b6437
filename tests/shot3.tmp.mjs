import { chromium } from 'playwright-core';

const base = 'http://localhost:8092';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
await page.goto(`${base}/metrics`);
await page.locator('#email').fill('administrator@demo.reviewdesk.test');
await page.locator('#password').fill('Reviewdesk-demo-1');
await page.locator('form').getByRole('button').click();
await page.waitForTimeout(6000);
await page.screenshot({ path: '/tmp/shots/metrics2.png' });
await page.locator('[data-testid="language.en"]').click(); await page.waitForTimeout(2000); await page.screenshot({ path: '/tmp/shots/metrics3.png' });
await page.goto(`${base}/workspace/edit?tab=fields`);
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/shots/fields2.png' });
await browser.close();
