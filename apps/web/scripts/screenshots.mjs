// Screenshots of the built site against the real server, in zh, en and es, desktop and phone widths.
//   cd apps/web && npx vite build
//   DATA_DIR=/tmp/webdev-data PORT=8080 CAPTCHA=off npx tsx apps/server/src/main.ts > /tmp/server.log 2>&1 &
//   node apps/web/scripts/screenshots.mjs            (BASE, OUT, SERVER_LOG, CHROMIUM override the defaults)
// Registers an account through the UI (the e-mail code is read from the server log), logs in
// through the UI in every language, and writes PNGs to /tmp/shots.
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const BASE = process.env.BASE ?? 'http://localhost:8080';
const OUT = process.env.OUT ?? '/tmp/shots';
const SERVER_LOG = process.env.SERVER_LOG ?? '/tmp/server.log';
const EMAIL = process.env.SHOT_EMAIL ?? `shots${Date.now() % 100000}@example.com`;
const PASSWORD = 'Shots1234';
const LANGS = ['zh', 'en', 'es'];
fs.mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const problems = [];
const check = (what, value, ok) => (ok(value) ? console.log('ok', what, JSON.stringify(value)) : problems.push(`${what}: ${JSON.stringify(value)}`));
async function newPage(lang, width, height = 860) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, locale: lang === 'zh' ? 'zh-CN' : lang });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  current = page;
  page.on('response', (r) => r.url().includes('/api/') && r.status() >= 400 && problems.push(`[${lang} ${width}] ${r.status()} ${r.url()}`));
  page.on('pageerror', (e) => problems.push(`[${lang} ${width}] page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`[${lang} ${width}] console: ${m.text()}`));
  return { context, page };
}
const shot = async (page, name, fullPage = false) => {
  await page.locator('[data-testid="header"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
  console.log('shot', name);
};
const tid = (page, id) => page.locator(`[data-testid="${id}"]`).first();

function codeFromLog(email, after) {
  const lines = fs
    .readFileSync(SERVER_LOG, 'utf8')
    .split('\n')
    .filter((l) => l.includes('mail kept in outbox'));
  for (const line of lines.reverse()) {
    try {
      const j = JSON.parse(line);
      if (j.to === email && j.time >= after) return /(\d{6})/.exec(j.subject)?.[1];
    } catch {}
  }
  return null;
}

async function registerThroughUi(page) {
  await page.goto(`${BASE}/main`);
  await tid(page, 'header-login').click();
  await tid(page, 'login-to-register').click();
  await tid(page, 'login-email').fill(EMAIL);
  const t0 = Date.now() - 1000;
  await tid(page, 'login-code-btn').click();
  let code = null;
  for (let i = 0; i < 20 && !code; i++) {
    await page.waitForTimeout(250);
    code = codeFromLog(EMAIL, t0);
  }
  if (!code) throw new Error('no code in the server log');
  await tid(page, 'login-code').fill(code);
  await tid(page, 'login-password').fill(PASSWORD);
  await tid(page, 'login-submit').click();
  await page.waitForSelector('[data-testid="login-to-register"]'); // back in password-login mode
}

async function loginThroughUi(page) {
  await tid(page, 'header-login').click();
  await tid(page, 'login-email').fill(EMAIL);
  await tid(page, 'login-password').fill(PASSWORD);
  await tid(page, 'login-submit').click();
  await tid(page, 'header-avatar').waitFor({ timeout: 10_000 });
}

let registered = false;
let current = null;
try {
  for (const lang of LANGS) {
    // Desktop, 1280 px.
    {
      const { context, page } = await newPage(lang, 1280);
      await page.goto(`${BASE}/main`);
      await tid(page, 'hot-word').waitFor();
      await shot(page, `${lang}-1280-main`, true);

      await tid(page, 'nav-live').hover();
      await shot(page, `${lang}-1280-live-dropdown`);
      await page.mouse.move(640, 500);

      await tid(page, 'header-login').click();
      await tid(page, 'login-dialog').waitFor();
      await shot(page, `${lang}-1280-login`);
      await tid(page, 'login-submit').click();
      await shot(page, `${lang}-1280-login-errors`);
      await tid(page, 'login-to-register').click();
      await shot(page, `${lang}-1280-register`);
      await tid(page, 'login-to-login').click();
      await tid(page, 'login-to-forgot').click();
      await shot(page, `${lang}-1280-forgot`);
      await page.keyboard.press('Escape');

      if (!registered) {
        await registerThroughUi(page);
        await shot(page, `${lang}-1280-registered`);
        await page.keyboard.press('Escape');
        registered = true;
      }
      await page.goto(`${BASE}/main`);
      await loginThroughUi(page);
      await shot(page, `${lang}-1280-logged-in`);
      await tid(page, 'header-avatar').hover();
      await tid(page, 'user-panel').waitFor();
      await shot(page, `${lang}-1280-user-panel`);

      await page.goto(`${BASE}/member?type=0`);
      await tid(page, 'member-profile').waitFor();
      await shot(page, `${lang}-1280-member`, true);
      // Edit the profile: new nickname and avatar, saved through api/member/updateInfo.
      await tid(page, 'member-nickname').fill(`${lang}-fan-${Date.now() % 100000}`);
      await tid(page, 'avatar-option-5').click();
      await tid(page, 'member-save').click();
      await page.waitForSelector('[data-testid="toast"][data-kind="success"]');
      await shot(page, `${lang}-1280-member-saved`);
      check(`${lang} title`, await page.title(), (t) => / - LiveSports$/.test(t));
      await page.goto(`${BASE}/member?type=7`);
      await shot(page, `${lang}-1280-member-apply`);
      await page.goto(`${BASE}/anchor?type=1`);
      await shot(page, `${lang}-1280-anchor`);
      await page.goto(`${BASE}/about-user#privacy`);
      await shot(page, `${lang}-1280-about`);
      await page.goto(`${BASE}/downLoad`);
      await shot(page, `${lang}-1280-download`);
      await page.goto(`${BASE}/no-such-page`);
      await tid(page, 'not-found').waitFor();
      await shot(page, `${lang}-1280-404`);
      // The header slides away past 60 px on /main.
      await page.goto(`${BASE}/main`);
      await tid(page, 'hot-word').waitFor();
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(500);
      check(`${lang} header hidden on scroll`, await tid(page, 'header').getAttribute('class'), (c) => c.includes('header--hidden'));
      // Logout from the avatar panel: back to /main, logged out.
      await page.mouse.wheel(0, -1000);
      await page.waitForTimeout(400);
      await tid(page, 'header-avatar').hover();
      await tid(page, 'header-logout').click();
      await tid(page, 'header-login').waitFor();
      check(`${lang} logout`, new URL(page.url()).pathname, (p) => p === '/main');
      // /login opens the dialog over the home page; /loginWithTwitter without an answer shows an error.
      await page.goto(`${BASE}/login`);
      await tid(page, 'login-dialog').waitFor();
      await shot(page, `${lang}-1280-login-route`);
      await page.goto(`${BASE}/loginWithTwitter`);
      await tid(page, 'third-login-error').waitFor();
      await shot(page, `${lang}-1280-third-failed`);
      await context.close();
    }
    // Compact desktop layout (< 992 px).
    {
      const { context, page } = await newPage(lang, 820);
      await page.goto(`${BASE}/main`);
      await tid(page, 'hot-word').waitFor();
      await shot(page, `${lang}-820-main`, true);
      await tid(page, 'header-menu').click();
      await tid(page, 'nav-drawer').waitFor();
      await shot(page, `${lang}-820-drawer`);
      await context.close();
    }
    // Phone, 390 px: the mobile site.
    {
      const { context, page } = await newPage(lang, 390, 844);
      await page.goto(`${BASE}/main`);
      await page.waitForURL(/\/m$/);
      await tid(page, 'hot-word').waitFor();
      await shot(page, `${lang}-390-m`, true);
      await tid(page, 'header-login').click();
      await tid(page, 'login-dialog').waitFor();
      await shot(page, `${lang}-390-login`);
      await tid(page, 'login-submit').click();
      await shot(page, `${lang}-390-login-errors`);
      await tid(page, 'login-to-register').click();
      await shot(page, `${lang}-390-register`);
      await tid(page, 'login-to-login').click();
      await tid(page, 'login-email').fill(EMAIL);
      await tid(page, 'login-password').fill(PASSWORD);
      await tid(page, 'login-submit').click();
      await tid(page, 'header-avatar').waitFor();
      await shot(page, `${lang}-390-m-logged-in`);
      await page.goto(`${BASE}/member?type=0`);
      await page.waitForURL(/\/m\/member/);
      await shot(page, `${lang}-390-member`);
      await context.close();
    }
  }
} catch (err) {
  problems.push(`stopped: ${err.message.split('\n')[0]}`);
  if (current) await current.screenshot({ path: `${OUT}/failure.png` }).catch(() => {});
  process.exitCode = 1;
}
await browser.close();
console.log(problems.length ? `problems:\n${problems.join('\n')}` : 'no page errors');
