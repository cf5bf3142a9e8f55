import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { nativeHeapTrimmer } from '../lib/native-heap.js';
import { exposedCollector, IdleTimer } from '../lib/idle-timer.js';
import type { CachedResponses } from '../plugins/read-cache.js';

/** No request for this long and the site counts as idle: what nobody asked for since then is let go. */
const IDLE_MS = 20_000;

/** Each answers how many entries it dropped that nobody asked for in `idleMs`. */
type Trim = (idleMs: number) => number;

/** Once requests stop, what was cached for them goes, and the memory with it (see IdleTimer). */
export function trimWhenIdle(
  app: FastifyInstance,
  parts: { cachedResponses: CachedResponses; trimServices: Trim; trimPages: Trim; database: DatabaseHandle },
): void {
  const { cachedResponses, trimServices, trimPages, database } = parts;
  const idle = new IdleTimer({
    idleMs: IDLE_MS,
    trims: [
      (idleMs) => cachedResponses.trimIdle(idleMs),
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
        'idle: let go of what was cached for traffic',
      );
    },
  }).start(IDLE_MS / 2);
  app.server.on('request', () => idle.seen());
  app.addHook('onClose', async () => idle.stop());
}
