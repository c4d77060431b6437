// Drives the built app on a running reference server in headless Chromium: signs in two demo
// users through the real login page and writes screenshots to /tmp/web-shots (or SHOTS_DIR).
// Usage: pnpm --filter @reviewdesk/web run screenshots   (server on BASE_URL, default :8080)
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const dir = process.env.SHOTS_DIR ?? '/tmp/web-shots';
const password = process.env.DEMO_PASSWORD ?? 'Reviewdesk-demo-1';
const args = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

await mkdir(dir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const problems = [];

async function signIn(email) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${email} console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${email} ${response.status()} ${response.url()}`);
  });
  await page.goto(`${base}/`);
  await page.waitForSelector('#email', { timeout: 20_000 });
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="home.welcome"]', { timeout: 20_000 });
  return { context, page };
}

const shot = (page, name, target) =>
  (target ? page.locator(`[data-testid="${target}"]`) : page).screenshot({ path: `${dir}/${name}.png` });
const settle = (page) => page.waitForLoadState('networkidle').catch(() => {});

// --- an administrator: sees most of the menu ------------------------------------------------
{
  const { context, page } = await signIn('administrator@demo.reviewdesk.test');
  await settle(page);
  await shot(page, 'home-administrator');
  await shot(page, 'menu-administrator', 'menu');
  await page.click('[data-testid="menu.toggle"]');
  await page.waitForTimeout(400); // the width transition
  await shot(page, 'menu-collapsed');
  await page.click('[data-testid="menu.toggle"]');

  await page.click('[data-testid="user-menu.trigger"]');
  await shot(page, 'user-menu-open');
  await page.click('[data-testid="user-menu.profile"]');
  await page.waitForSelector('[data-testid="profile.email"]');
  await shot(page, 'user-profile');

  await page.click('[data-testid="profile.tab.password"]');
  await page.fill('[data-testid="profile.current-password"]', 'not-the-password');
  await page.fill('[data-testid="profile.new-password"]', 'Another-password-2');
  await page.fill('[data-testid="profile.confirm-password"]', 'Another-password-2');
  await page.click('[data-testid="profile.change-password"]');
  await page.waitForSelector('[data-testid="profile.password.errors"]');
  await shot(page, 'user-password-error');
  await page.click('[data-testid="profile.tab.2fa"]');
  await shot(page, 'user-2fa');

  await page.click('[data-testid="language.en"]');
  await page.click('[data-testid="menu.task-list"]');
  await page.waitForSelector('[data-testid="placeholder"]');
  await shot(page, 'task-list-en');

  await page.click('[data-testid="skin.toggle"]');
  await page.click('[data-testid="menu.home"]');
  await settle(page);
  await shot(page, 'dark-home');
  await page.goto(`${base}/user`);
  await page.waitForSelector('[data-testid="profile.email"]');
  await shot(page, 'dark-user-after-reload');
  await page.click('[data-testid="skin.toggle"]');
  await context.close();
}

// --- a viewer: a short menu, and /not-authorized for a screen beyond the role -----------------
{
  const { context, page } = await signIn('viewer@demo.reviewdesk.test');
  await settle(page);
  await shot(page, 'home-viewer');
  await shot(page, 'menu-viewer', 'menu');
  await page.goto(`${base}/tenant/edit`);
  await page.waitForSelector('[data-testid="status.not-authorized"]', { timeout: 20_000 });
  await shot(page, 'not-authorized');
  await page.click('[data-testid="user-menu.trigger"]');
  await page.click('[data-testid="user-menu.sign-out"]');
  // The provider may ask to confirm the sign-out on its own page.
  const confirm = page.locator('button[name="logout"][value="yes"]');
  const landed = page.locator('[data-testid="auth.logged-out"]');
  await Promise.race([confirm.waitFor({ timeout: 20_000 }), landed.waitFor({ timeout: 20_000 })]);
  if (await confirm.isVisible()) {
    await shot(page, 'provider-sign-out-confirmation');
    await confirm.click();
  }
  await landed.waitFor({ timeout: 20_000 });
  await shot(page, 'signed-out');
  await context.close();
}

// --- a wrong password on the real login page ----------------------------------------------------
{
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${base}/task/list`);
  await page.waitForSelector('#email', { timeout: 20_000 });
  await page.fill('#email', 'reviewer@demo.reviewdesk.test');
  await page.fill('#password', 'wrong-password');
  await page.click('button[type="submit"]');
  await page.waitForLoadState('load');
  await shot(page, 'login-wrong-password');
  await page.fill('#password', password);
  await page.click('button[type="submit"]');
  // Back where the user wanted to go before signing in.
  await page.waitForSelector('[data-testid="placeholder"][data-package="@reviewdesk/task-list"]', { timeout: 20_000 });
  await shot(page, 'reviewer-task-list-after-sign-in');
  await context.close();
}

await browser.close();
console.log(problems.length ? `Problems seen:\n${problems.join('\n')}` : 'No console errors or failed requests.');
console.log(`Screenshots in ${dir}`);
