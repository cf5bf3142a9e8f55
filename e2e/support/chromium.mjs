// Where the browser for the journey lives: Debian's Chromium, never a build downloaded by Playwright.
import fs from 'node:fs';

export const INSTALL_HINT = 'apt-get update && apt-get install -y chromium';

/** The Chromium executable (CHROMIUM_PATH or /usr/bin/chromium), or an error that says how to get it. */
export function chromiumPath() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate}; the browser journey needs it.\n` +
        `Install Debian's build with:  ${INSTALL_HINT}\n` +
        '(or point CHROMIUM_PATH at another Chromium). Do not run `playwright install`.',
    );
  }
  return candidate;
}
