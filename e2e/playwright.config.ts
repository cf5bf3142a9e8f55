import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/chromium.mjs';

const chromium = chromiumPath();
// Routes also see the service worker's own requests, so a test can take the worker offline too
// (Chromium's offline emulation covers pages only).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';
// `node e2e/run.mjs` (what `npm test` uses) picks free ports; 3199 is for running Playwright by hand.
const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './test-results',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The site's readers are Uzbek: their browsers ask for Uzbek (Accept-Language, navigator.language), so
    // `/` leads to the unprefixed Latin pages as it does for them; specs that read another language say so.
    locale: 'uz-UZ',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 360, height: 740 },
        isMobile: false,
        hasTouch: true,
      },
    },
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node support/start-server.mjs',
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/portfolio/technologies`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
