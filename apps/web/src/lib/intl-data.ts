import type { Locale } from '@portfolio-master/i18n/locales';

/** How long hydration waits for the worker at most: a slow one costs a little blocking, never the page. */
const WAIT_MS = 400;

/**
 * Loads the browser's Intl data for `locale` on a worker thread. A renderer's first `Intl.DateTimeFormat`
 * or `NumberFormat` reads the ICU data the whole process shares (15–40 ms on a desktop core, four times
 * that on a slowed phone), and hydration's first date would do it in the middle of a task. Made once on
 * the worker, the page's own formatters take a fraction of a millisecond. Settles when the worker is
 * done (marked `intl-data-ready` in the performance timeline), fails or is slow; a browser without
 * workers settles at once.
 */
export function loadIntlData(locale: Locale): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    // Hydration stops waiting after `WAIT_MS`; the worker is let go only once it has answered or failed,
    // so its script's download is never cut off half way (the data it loads still helps what follows).
    const timer = setTimeout(resolve, WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    try {
      worker = new Worker(new URL('./intl-data.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      done();
      return;
    }
    worker.addEventListener('message', () => {
      // In the browser's performance timeline, for whoever looks at a page's start.
      performance.mark('intl-data-ready');
      done();
    });
    worker.addEventListener('error', done);
    worker.postMessage(locale);
  });
}
