import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the browser tests leave their screenshots (web/e2e/screenshots/, not committed). */
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Screenshots are for people to look at: every developer run takes them. CI skips them (nobody sees them there, and
 * a full-page capture costs seconds of a two-core machine shared with the server); SCREENSHOTS=1 takes them anyway.
 */
const TAKE = !process.env.CI || Boolean(process.env.SCREENSHOTS);
if (TAKE) mkdirSync(SCREENSHOTS, { recursive: true });

export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE) return;
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage });
}

/** A settled page from its top (no running animation; the sticky header where it belongs), as a full-page image. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}
