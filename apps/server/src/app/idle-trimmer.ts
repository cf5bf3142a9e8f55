import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { nativeHeapTrimmer } from '../lib/native-heap.js';
import { exposedCollector, QuietTime } from '../lib/quiet-time.js';
import type { KeptAnswers } from '../plugins/read-cache.js';

/** No request for this long and the site counts as quiet: what nobody asked for since then is let go. */
const QUIET_MS = 20_000;

/** Each answers how many entries it dropped that nobody asked for in `idleMs`. */
type Trim = (idleMs: number) => number;

/** Once requests stop, what was kept for them goes, and the memory with it (see QuietTime). */
export function trimWhenQuiet(
  app: FastifyInstance,
  parts: { keptAnswers: KeptAnswers; trimServices: Trim; trimPages: Trim; database: DatabaseHandle },
): void {
  const { keptAnswers, trimServices, trimPages, database } = parts;
  const quiet = new QuietTime({
    quietMs: QUIET_MS,
    trims: [
      (idleMs) => keptAnswers.trimIdle(idleMs),
      trimServices,
      trimPages,
      () => {
        database.shrinkMemory?.();
        return 0;
      },
    ],
    collect: exposedCollector(),
    release: nativeHeapTrimmer(),
    onTrimmed: (dropped) => {
      const { rss, heapTotal, external } = process.memoryUsage();
      const mb = (bytes: number) => Math.round(bytes / 1e6);
      app.log.info(
        { dropped, rssMb: mb(rss), heapMb: mb(heapTotal), externalMb: mb(external) },
        'quiet: let go of what was kept for traffic',
      );
    },
  }).start(QUIET_MS / 2);
  app.server.on('request', () => quiet.seen());
  app.addHook('onClose', async () => quiet.stop());
}
