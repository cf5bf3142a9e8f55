import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Names for what a write changes, so that whatever was made from it (a rendered page, a cached total)
 * can be dropped. A cached thing keeps the names of everything it was made from.
 */
export const changeTags = {
  /** Any list of portfolios: which are on it and their order (a create, an edit, a delete). */
  lists: 'lists',
  /**
   * The order of lists sorted by likes (`popular`) or by comments (`discussed`): every like or comment
   * may move a portfolio in it. A list sorted by date only changes with `lists` and its portfolios' own.
   */
  ranking: (sort: 'popular' | 'discussed') => `ranking:${sort}`,
  /** The technologies and their counts. */
  technologies: 'technologies',
  /** Which portfolios there are and what they say (not their counts): sitemaps and feeds. */
  catalog: 'catalog',
  /** The list of users, with their portfolio counts. */
  users: 'users',
  /** One portfolio: its page, and its card (counts included) wherever a list shows it. */
  portfolio: (id: string) => `portfolio:${id}`,
  user: (id: string) => `user:${id}`,
  /** A change that may show anywhere, such as an author's new name. */
  everything: '*',
} as const;

export type ChangeListener = (tags: readonly string[]) => void;

const CHANNEL = 'pm:changes';

/**
 * Tells whoever keeps derived copies that a write has committed. Listeners in this process hear it
 * before `publish` returns, so the writer's own answer is never followed by a stale copy here; with
 * Redis, the other instances hear it a moment later through pub/sub.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly origin = randomBytes(8).toString('hex');
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;

  private constructor(private readonly logger: FastifyBaseLogger | undefined) {}

  static async create(options: {
    redisUrl?: string | undefined;
    logger?: FastifyBaseLogger;
  }): Promise<ChangeFeed> {
    const feed = new ChangeFeed(options.logger);
    if (options.redisUrl) await feed.connect(options.redisUrl);
    return feed;
  }

  private async connect(redisUrl: string): Promise<void> {
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.subscriber = new Redis(redisUrl, { lazyConnect: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.logger?.warn({ err: error }, 'change feed: Redis error'));
    }
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    this.subscriber.on('message', (_channel: string, message: string) => {
      let parsed: { origin?: unknown; tags?: unknown };
      try {
        parsed = JSON.parse(message) as typeof parsed;
      } catch {
        return;
      }
      if (parsed.origin === this.origin || !Array.isArray(parsed.tags)) return;
      this.notify(parsed.tags.filter((tag): tag is string => typeof tag === 'string'));
    });
    await this.subscriber.subscribe(CHANNEL);
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells every listener here at once, then the other instances through Redis. Writers await it before
   * they answer, so by the time a writer hears "done" the change is on its way to every instance; a
   * Redis that does not answer is logged and never fails the write (the other instances' copies then
   * expire by age).
   */
  async publish(tags: readonly string[]): Promise<void> {
    this.notify(tags);
    if (!this.publisher) return;
    try {
      await this.publisher.publish(CHANNEL, JSON.stringify({ origin: this.origin, tags }));
    } catch (error) {
      this.logger?.warn({ err: error }, 'change feed: publish failed');
    }
  }

  private notify(tags: readonly string[]): void {
    for (const listener of this.listeners) listener(tags);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    // Lets a last publish reach Redis before the connection goes.
    await this.publisher?.quit().catch(() => undefined);
    this.subscriber?.disconnect();
  }
}
