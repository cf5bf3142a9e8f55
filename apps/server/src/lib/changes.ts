import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Outages } from './outages.js';

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
  ranking: (sort: 'popular' | 'discussed' | 'trending') => `ranking:${sort}`,
  /** The technologies and their counts. */
  technologies: 'technologies',
  /** Which portfolios there are and what they say (not their counts): sitemaps and feeds. */
  catalog: 'catalog',
  /** The list of users, with their portfolio counts. */
  users: 'users',
  /** One portfolio: its page, and its card (counts included) wherever a list shows it. */
  portfolio: (id: string) => `portfolio:${id}`,
  user: (id: string) => `user:${id}`,
  /** Whom one person blocked or muted, and who blocked them (decision 55). */
  hides: (userId: string) => `hides:${userId}`,
  /**
   * What one person's own view of the shared answers rests on: their sessions (opened, extended or
   * ended) and which portfolios they like.
   */
  viewer: (userId: string) => `viewer:${userId}`,
  /** A change that may show anywhere, such as an author's new name. */
  everything: '*',
} as const;

export type ChangeListener = (tags: readonly string[]) => void;

const CHANNEL = 'pm:changes';

/**
 * Tells every cache of derived copies that a write has committed. Listeners in this process hear it
 * before `publish` returns, so the writer's own answer is never followed by a stale copy here; with
 * Redis, the other instances hear it a moment later through pub/sub.
 *
 * Without Redis (`live` false while it is away) writes through other instances go unheard, so copies
 * must not be cached (`TaggedCache.follow` caches nothing then): losing Redis drops every copy here, and
 * getting it back drops them again, here and, since what this instance wrote meanwhile was not heard,
 * on every instance.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly origin = randomBytes(8).toString('hex');
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private subscribed = false;
  private subscribing: Promise<void> | undefined;
  private wasLive = false;
  private connectedBefore = false;
  private closed = false;

  private constructor(private readonly outages: Outages | undefined) {}

  static async create(options: { redisUrl?: string | undefined; outages?: Outages }): Promise<ChangeFeed> {
    const feed = new ChangeFeed(options.outages);
    if (options.redisUrl) await feed.connect(options.redisUrl);
    return feed;
  }

  /** Whether every write, here or through another instance, is heard. */
  get live(): boolean {
    if (!this.publisher || !this.subscriber) return true;
    return this.subscribed && this.publisher.status === 'ready' && this.subscriber.status === 'ready';
  }

  /** Connects, waiting until Redis answers or first fails (then the clients go on trying by themselves). */
  private async connect(redisUrl: string): Promise<void> {
    const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    const subscriber = new Redis(redisUrl, { lazyConnect: true, autoResubscribe: false });
    this.publisher = publisher;
    this.subscriber = subscriber;
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => this.outages?.report('redis', error));
      client.on('close', () => this.changed());
      client.on('ready', () => this.changed());
    }
    // Subscribed again on every connection, not queued while away (a queued command can fail for good).
    subscriber.on('ready', () => {
      this.subscribing = subscriber.subscribe(CHANNEL).then(
        () => {
          this.subscribed = true;
          this.changed();
        },
        (error: unknown) => this.outages?.report('redis', error),
      );
    });
    subscriber.on('close', () => {
      this.subscribed = false;
    });
    subscriber.on('message', (_channel: string, message: string) => {
      let parsed: { origin?: unknown; tags?: unknown };
      try {
        parsed = JSON.parse(message) as typeof parsed;
      } catch {
        return;
      }
      if (parsed.origin === this.origin || !Array.isArray(parsed.tags)) return;
      this.notify(parsed.tags.filter((tag): tag is string => typeof tag === 'string'));
    });
    this.outages?.watch('redis', async () => {
      if (!this.live) throw new Error('the change feed is not connected');
    });
    await Promise.all([publisher.connect(), subscriber.connect()]).catch(() => undefined);
    await this.subscribing;
  }

  /** Redis came or went: copies made meanwhile, here or elsewhere, may miss a write. */
  private changed(): void {
    const live = this.live;
    if (live === this.wasLive || this.closed) return;
    this.wasLive = live;
    this.notify([changeTags.everything]);
    if (!live) this.outages?.report('redis', new Error('the connection to Redis was lost'));
    else if (this.connectedBefore) void this.publish([changeTags.everything]);
    if (live) this.connectedBefore = true;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells every listener here at once, then the other instances through Redis. Writers await it before
   * they answer, so by the time a writer hears "done" the change is on its way to every instance. A
   * Redis that is away never fails or holds up the write: the others are not caching copies then.
   */
  async publish(tags: readonly string[]): Promise<void> {
    this.notify(tags);
    if (!this.publisher || this.publisher.status !== 'ready') return;
    try {
      await this.publisher.publish(CHANNEL, JSON.stringify({ origin: this.origin, tags }));
    } catch (error) {
      this.outages?.report('redis', error);
    }
  }

  private notify(tags: readonly string[]): void {
    for (const listener of this.listeners) listener(tags);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    // Lets a last publish reach Redis before the connection goes.
    if (this.publisher?.status === 'ready') await this.publisher.quit().catch(() => undefined);
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }
}
