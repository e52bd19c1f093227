import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, plus a guard that fails a test when the browser console
 * reports a Content-Security-Policy violation on any of the site's pages (in the default context
 * and every context the test opens itself), so the site's CSP and the built app stay in step.
 * Pages of other sites (the attacker page of the cross-site journey, which frames the site and is
 * refused by its frame-ancestors) are not the site's to answer for.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ browser, context, baseURL }, use) => {
      const violations: string[] = [];
      const site = new URL(baseURL!).origin;
      const onSite = (url: string | undefined) => {
        try {
          return !!url && new URL(url).origin === site;
        } catch {
          return false;
        }
      };
      const watch = (c: BrowserContext) =>
        c.on('console', (m) => {
          if (m.type() !== 'error' || !/Content[ -]Security[ -]Policy/i.test(m.text())) return;
          // The page the message belongs to (its top document), or where the message says it comes from.
          if (onSite(m.page()?.url()) || (!m.page() && onSite(m.location().url))) violations.push(`${m.location().url}: ${m.text()}`);
        });
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const c = await newContext(...args);
        watch(c);
        return c;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
