import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, TestInfo } from '@playwright/test';

const shotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Pages arrive rendered; a test acts on them once the app has taken them over, as a person would a moment later. */
export const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

export async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** A full-page picture in e2e/screenshots, named by the width it was taken at. */
export async function shot(page: Page, info: TestInfo, name: string) {
  // From the top, so the sticky navbar is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotsDir, `${info.project.name}-${name}.png`), fullPage: true });
}

const onPhone = (info: TestInfo) => info.project.name === 'phone';

/**
 * Chooses a language in the header's switch as a reader would: on a phone in the drawer the menu button
 * opens, on a wide screen in the menu under the current language's name. The switch is a plain link to
 * the server, which remembers the choice and sends the reader on; this waits for the page it leads to.
 */
export async function chooseLanguage(
  page: Page,
  info: TestInfo,
  name: string,
  to: string | RegExp | ((url: URL) => boolean),
) {
  if (onPhone(info)) await page.locator('.nav__toggle').click();
  else await page.locator('.language-menu > summary').click();
  const group = page.locator(onPhone(info) ? '.drawer__panel' : '.language-menu').getByRole('group');
  await Promise.all([page.waitForURL(to), group.getByRole('link', { name, exact: true }).click()]);
  await hydrated(page);
}

/** Runs `work` on a page of a browser with JavaScript off, as wide as `like`, then closes it. */
export async function withoutJavaScript(
  browser: Browser,
  like: Page,
  info: TestInfo,
  work: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: false,
    viewport: like.viewportSize(),
  });
  try {
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}
