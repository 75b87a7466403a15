// What a docs test watches on a page it loads in Chromium: uncaught errors,
// console errors and failed requests (with their URL), collected as lines.
import type { Page } from 'playwright-core';

export function watchPage(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // Failed requests are reported by the response listener, with their URL.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console error: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  return errors;
}
