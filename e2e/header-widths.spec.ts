import { expect, test, type Page } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { hydrated, open } from './support/pages';

/**
 * The header holds its row at every width in every language, for the widest case: an admin signed in,
 * whose row has the most links, in the longest language. Each link's words stay on one line and nothing
 * runs past the window; below 960 px the menu takes the links. The phone project walks the narrow widths
 * and the desktop project the wide ones.
 */

const PREFIXES = ['', '/uz-Cyrl', '/ru', '/en'];

/** How far the header's visible parts run past the window, and how tall its tallest link is. */
const headerFit = (page: Page) =>
  page.evaluate(() => {
    // The closed phone menu waits off to the side, out of sight.
    const parts = Array.from(document.querySelectorAll('.navbar a, .navbar button, .navbar summary')).filter(
      (element) => element.getClientRects().length > 0 && !element.closest('.drawer'),
    );
    const boxes = parts.map((element) => element.getBoundingClientRect());
    return {
      overflow: Math.max(
        document.documentElement.scrollWidth - window.innerWidth,
        ...boxes.map((box) => Math.ceil(box.right - window.innerWidth)),
      ),
      tallest: Math.max(...boxes.map((box) => box.height)),
    };
  });

test('the header fits every width in every language, an admin signed in', async ({ page, request }, info) => {
  const project = info.project.name;
  // The e2e server makes admin-{project}@example.test an admin.
  const token = await registerByApi(request, `admin-${project}`, {
    firstname: 'Bosh',
    lastname: 'Moderator',
  });
  try {
    await open(page, '/about');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const widths =
      project === 'phone'
        ? Array.from({ length: 17 }, (_, index) => 320 + index * 40)
        : Array.from({ length: 19 }, (_, index) => 960 + index * 40);
    for (const prefix of PREFIXES) {
      await page.setViewportSize({ width: widths[0]!, height: 800 });
      await page.goto(`${prefix}/page/1`);
      await hydrated(page);
      // Signed in as an admin: the moderation link is in the header (or its menu).
      await expect(page.locator('.navbar a[href$="/admin"]').first()).toBeAttached();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        const { overflow, tallest } = await headerFit(page);
        expect(overflow, `${prefix || '/'} at ${width} px`).toBeLessThanOrEqual(0);
        // One line of a link is under 48 px: a taller one has wrapped.
        expect(tallest, `${prefix || '/'} at ${width} px`).toBeLessThan(48);
      }
    }
  } finally {
    await leave(request, token);
  }
});
