// Runs the browser journey: checks for Chromium first, picks free ports for the server and the SMTP sink
// (so two checkouts can run it at once), then hands over to Playwright. `--check` only checks for Chromium.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './support/chromium.mjs';
import { freePort } from './support/free-port.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

try {
  chromiumPath();
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
const args = process.argv.slice(2);
if (args.includes('--check')) process.exit(0);

const env = { ...process.env };
env.E2E_PORT ??= String(await freePort());
env.E2E_SMTP_PORT ??= String(await freePort());

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', '-c', path.join(here, 'playwright.config.ts'), ...args], {
  stdio: 'inherit',
  env,
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
