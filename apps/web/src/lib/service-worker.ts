import type { Workbox } from 'workbox-window';

/*
 * The service worker (built by vite-plugin-pwa with Workbox; see vite.config.ts): registered after the
 * page has loaded, so it never competes with the first paint. A new build waits until the reader says
 * "Yangilash" (`onUpdate`), then takes over and the page reloads once.
 */

let registering = false;

/** The caches that hold pages and images read on this device (see vite.config.ts). */
const READING_CACHES = ['pages', 'images'];

export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (registering) return;
  // workbox-window (a few KB) is loaded only here, after the page: never part of the first visit.
  registering = true;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const box: Workbox = new Workbox('/sw.js', { scope: '/' });
    box.addEventListener('waiting', () => {
      onUpdate(() => {
        box.addEventListener('controlling', () => window.location.reload());
        box.messageSkipWaiting();
      });
    });
    await box.register();
  };
  const start = () => void register().catch((error: unknown) => reportError(error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Signing out forgets what this device kept of the pages read while signed in. */
export async function forgetReading(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(READING_CACHES.map((name) => caches.delete(name)));
}

/** Marks the app's own request for a page's HTML, which the worker keeps like a visit (vite.config.ts). */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/**
 * A page opened inside the app (no page load of its own) is kept for reading offline too: its HTML is
 * asked for once, through the worker, unless a copy is already kept.
 */
export async function keepForOffline(path: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller || !navigator.onLine) return;
  // The pages vary by cookie and language, which a bare path does not carry.
  if (await caches.match(path, { ignoreVary: true })) return;
  await fetch(path, {
    headers: { accept: 'text/html', [OFFLINE_COPY_HEADER]: '1' },
    credentials: 'same-origin',
  });
}
