import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const RELEASE_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Short locks every instance sees (Redis `SET NX PX`), so that work one instance is doing is not done
 * again by another at the same moment. Without Redis, or while it is away, every lock is granted: the
 * work may then be done twice, never not at all.
 */
export class SharedLocks {
  private readonly redis: Redis | undefined;

  constructor(redisUrl: string | undefined) {
    this.redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
    // Errors are the outage tracker's business (the rate limiter and the change feed report them).
    this.redis?.on('error', () => undefined);
  }

  /**
   * Takes `name` for at most `ttlMs`: a release function, or undefined when another instance holds it.
   */
  async acquire(name: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    const redis = this.redis;
    const free = async () => undefined;
    if (!redis || redis.status !== 'ready') return free;
    const token = randomBytes(12).toString('hex');
    let taken: string | null;
    try {
      taken = await redis.set(`lock:${name}`, token, 'PX', ttlMs, 'NX');
    } catch {
      return free;
    }
    if (taken !== 'OK') return undefined;
    return async () => {
      await redis.eval(RELEASE_LUA, 1, `lock:${name}`, token).catch(() => undefined);
    };
  }

  close(): void {
    this.redis?.disconnect();
  }
}
