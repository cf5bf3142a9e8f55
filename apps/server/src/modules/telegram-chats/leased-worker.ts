import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema.js';
import { releaseLease, takeLease } from '../../data/telegram-chats.repository.js';

export interface LeasedWorkerOptions {
  db: Kysely<Database>;
  logger: FastifyBaseLogger;
  /** The lease's name in the `leases` table: one worker of this name works at a time. */
  lease: string;
  /** How long the lease lasts unless renewed; renewed once a third of it has gone, tried for every quarter. */
  leaseMs: number;
  /** How long an idle round waits before the next. */
  idleMs: number;
  /** Names the worker in the log. */
  name: string;
  /**
   * Whether there may be work, asked before the lease is taken: a worker with nothing to do then writes
   * nothing (the lease is a row) and sleeps `idleMs`. Without it the lease is always held.
   */
  hasWork?: () => Promise<boolean>;
}

/**
 * A loop of rounds that one instance runs at a time (the one holding its lease in the database, docs/
 * decisions/0043): the Telegram outbox and the channel, the GitHub repositories' refresh. A failed round is logged and tried again; `stop`
 * waits for the round under way and lets the lease go.
 */
export abstract class LeasedWorker {
  private readonly holder = randomUUID();
  private leaseUntil = 0;
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;
  protected stopped = false;

  constructor(private readonly leased: LeasedWorkerOptions) {}

  /** One round of work; true when it found some (the next round follows at once). */
  protected abstract round(): Promise<boolean>;

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  /** Waits `ms`, or less when the worker is stopped. */
  protected sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    const { db, logger, lease, leaseMs, idleMs, name, hasWork } = this.leased;
    while (!this.stopped) {
      try {
        if (hasWork && this.leaseUntil === 0 && !(await hasWork())) {
          await this.sleep(idleMs);
          continue;
        }
        if (!(await this.holdLease())) {
          await this.sleep(leaseMs / 4);
          continue;
        }
        if (!(await this.round())) await this.sleep(idleMs);
        // A database that answers at once (SQLite) would otherwise keep the timers and the requests waiting.
        await new Promise((resolve) => setImmediate(resolve));
      } catch (error) {
        logger.warn({ err: error }, `${name}: a round failed`);
        await this.sleep(idleMs);
      }
    }
    if (this.leaseUntil > 0) await releaseLease(db, lease, this.holder).catch(() => undefined);
  }

  private async holdLease(): Promise<boolean> {
    const { leaseMs } = this.leased;
    const now = Date.now();
    if (this.leaseUntil - now > (leaseMs * 2) / 3) return true;
    const until = now + leaseMs;
    const held = await takeLease(this.leased.db, {
      name: this.leased.lease,
      holder: this.holder,
      now: new Date(now).toISOString(),
      until: new Date(until).toISOString(),
    });
    this.leaseUntil = held ? until : 0;
    return held;
  }
}
