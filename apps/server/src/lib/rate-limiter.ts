import { Redis } from 'ioredis';
import { HttpError } from './http-error.js';
import { message } from './messages.js';
import type { Metrics } from './metrics.js';
import type { Outages } from './outages.js';

/** A fixed window: at most `limit` hits per `windowSeconds`. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateState {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

interface RateStore {
  /** Adds one hit and returns the count in the current window and its milliseconds left. */
  hit(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

class MemoryStore implements RateStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }, 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, msLeft: window.resetAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

const HIT_LUA = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }`;

/**
 * Shared by every instance, so a limit holds for the whole site rather than per process. While Redis is
 * away the hits are counted in this process (each instance then holds the limit on its own): nobody is
 * locked out, and a sign-in does not wait for a Redis that is not there.
 */
class RedisStore implements RateStore {
  private readonly local = new MemoryStore();

  constructor(
    private readonly redis: Redis,
    private readonly outages: Outages | undefined,
  ) {
    redis.on('error', (error: Error) => outages?.report('redis', error));
    outages?.watch('redis', async () => {
      await redis.ping();
    });
  }

  async hit(key: string, windowMs: number) {
    if (this.redis.status === 'ready') {
      try {
        const [count, ttl] = (await this.redis.eval(HIT_LUA, 1, `rl:${key}`, windowMs)) as [number, number];
        return { count, msLeft: ttl > 0 ? ttl : windowMs };
      } catch (error) {
        this.outages?.report('redis', error);
      }
    } else {
      this.outages?.report('redis', new Error(`the rate limits' connection is ${this.redis.status}`));
    }
    return this.local.hit(key, windowMs);
  }

  async reset(key: string) {
    await this.local.reset(key);
    if (this.redis.status === 'ready') await this.redis.del(`rl:${key}`).catch(() => undefined);
  }

  async close() {
    await this.local.close();
    this.redis.disconnect();
  }
}

export class RateLimiter {
  private constructor(
    private readonly store: RateStore,
    private readonly enabled: boolean,
    private readonly metrics: Metrics | undefined,
  ) {}

  static create(options: {
    enabled: boolean;
    redisUrl?: string | undefined;
    outages?: Outages;
    metrics?: Metrics;
  }): RateLimiter {
    const store = options.redisUrl
      ? new RedisStore(new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }), options.outages)
      : new MemoryStore();
    return new RateLimiter(store, options.enabled, options.metrics);
  }

  private toState(rule: RateRule, count: number, msLeft: number): RateState {
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(rule.limit - count, 0),
      retryAfterSeconds: Math.max(Math.ceil(msLeft / 1000), 1),
    };
  }

  /**
   * Counts one hit and throws 429 with Retry-After once the rule is exceeded. The count is taken in one
   * atomic step (Redis INCR, or a synchronous update in memory), so of any number of concurrent calls at
   * most `limit` get through in a window.
   */
  async consume(rule: RateRule, subject: string): Promise<void> {
    if (!this.enabled) return;
    const { count, msLeft } = await this.store.hit(`${rule.name}:${subject}`, rule.windowSeconds * 1000);
    const state = this.toState(rule, count, msLeft);
    if (!state.allowed) {
      this.metrics?.rateLimited.inc({ rule: rule.name });
      throw tooManyRequests(state.retryAfterSeconds);
    }
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    await this.store.reset(`${rule.name}:${subject}`);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    'RATE_LIMITED',
    message('problem.rateLimited', { seconds: retryAfterSeconds }),
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** The limits of the site, in one place. */
export const RATE_RULES = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { name: 'login-account', limit: 10, windowSeconds: 15 * 60 },
  verificationPerAddress: { name: 'verify-email', limit: 3, windowSeconds: 60 * 60 },
  verificationPerIp: { name: 'verify-ip', limit: 20, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register-ip', limit: 20, windowSeconds: 60 * 60 },
  /** Password-reset mails, as verification mails are: per address asked for and per asking address. */
  resetPerAddress: { name: 'reset-email', limit: 3, windowSeconds: 60 * 60 },
  resetPerIp: { name: 'reset-ip', limit: 20, windowSeconds: 60 * 60 },
  /** Uses of mailed account links (a reset, an email confirmation), right or wrong, per address. */
  accountLinksPerIp: { name: 'account-link-ip', limit: 30, windowSeconds: 60 * 60 },
  /** Requests to move an account to another email address, per account. */
  emailChangesPerAccount: { name: 'email-change', limit: 5, windowSeconds: 60 * 60 },
  /** Deep links of the Telegram bot made, per account: one is enough, a few retries are fine. */
  telegramLinksPerAccount: { name: 'telegram-link', limit: 10, windowSeconds: 15 * 60 },
  comments: { name: 'comment', limit: 9, windowSeconds: 30 },
  likes: { name: 'like', limit: 30, windowSeconds: 30 },
  follows: { name: 'follow', limit: 30, windowSeconds: 30 },
  bookmarks: { name: 'bookmark', limit: 30, windowSeconds: 30 },
  /** Page views counted, per address: a reader opens many pages, a bot more. */
  views: { name: 'view', limit: 120, windowSeconds: 60 },
  portfolioWrites: { name: 'portfolio-write', limit: 9, windowSeconds: 30 },
  /**
   * Drafts saved and previews drawn, apart from the writes above: the form saves a draft at most every 3 s
   * (10 in 30 s), so an author typing in two tabs is never refused, nor is their publish (decision 53).
   */
  draftSaves: { name: 'draft-save', limit: 30, windowSeconds: 30 },
  /** Reports to the admins, per account. */
  reports: { name: 'report', limit: 10, windowSeconds: 60 * 60 },
  uploads: { name: 'upload', limit: 9, windowSeconds: 30 },
  /** Drafts from GitHub ("GitHub’dan olish"), per account: each costs GitHub's budget three requests. */
  githubImports: { name: 'github-import', limit: 10, windowSeconds: 10 * 60 },
  /**
   * Pictures of descriptions fetched from other sites (cached copies are not counted): per host, so the
   * site cannot be used to hammer one, and per reader whose request made the fetch.
   */
  remoteImageFetchesPerHost: { name: 'remote-image-host', limit: 60, windowSeconds: 60 },
  remoteImageFetchesPerAddress: { name: 'remote-image-ip', limit: 30, windowSeconds: 60 },
} satisfies Record<string, RateRule>;
