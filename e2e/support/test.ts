import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, plus a guard that fails a test when the browser console
 * reports a Content-Security-Policy violation on any of its pages (the default context and every
 * context the test opens itself), so the site's CSP and the built app stay in step.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watch = (c: BrowserContext) =>
        c.on('console', (m) => {
          if (m.type() === 'error' && /Content[ -]Security[ -]Policy/i.test(m.text())) violations.push(`${m.location().url}: ${m.text()}`);
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
export type { APIRequestContext, Page } from '@playwright/test';
