import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  findDueGithubRepositories,
  postponeGithubCheck,
  recordGithubCheck,
} from '../../data/github.repository.js';
import type { Database } from '../../db/schema.js';
import { type ChangeFeed, changeTags } from '../../lib/changes.js';
import { LeasedWorker } from '../telegram-chats/leased-worker.js';
import { type GithubClient, GithubFailure } from './github-client.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GithubRefreshOptions {
  /** Portfolios checked in one round at most. */
  batch: number;
  /** A pause between two of GitHub's answers, so that a round never spends the hour's budget at once. */
  spacingMs: number;
  /** How long an idle round waits: new portfolios are checked within about this. */
  idleMs: number;
  /** Requests left in GitHub's window below which the worker waits for its reset (kept for people's imports). */
  reserve: number;
  /** How long after a check the next is due. */
  everyMs: number;
  /** A repository GitHub failed to answer about is tried again after this. */
  retryMs: number;
}

const DEFAULTS: GithubRefreshOptions = {
  batch: 20,
  spacingMs: 1000,
  idleMs: 60_000,
  reserve: 10,
  everyMs: DAY_MS,
  retryMs: 60 * 60 * 1000,
};

/**
 * Keeps the stars and main language of published portfolios' GitHub repositories (docs/decisions/0052):
 * one instance at a time (the `github-repos` lease), each portfolio at most once a day, a bounded batch
 * per round, and never past GitHub's rate limit: a 403 or 429 of its limit, or its budget down to the
 * reserve, pauses the worker until GitHub's reset. Pages only read what this wrote.
 */
export class GithubRefresh extends LeasedWorker {
  private pausedUntil = 0;
  private readonly options: GithubRefreshOptions;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      client: GithubClient;
      changes: ChangeFeed;
      logger: FastifyBaseLogger;
    },
    options: Partial<GithubRefreshOptions> = {},
  ) {
    const resolved = { ...DEFAULTS, ...options };
    super({
      db: deps.db,
      logger: deps.logger,
      lease: 'github-repos',
      leaseMs: 60_000,
      idleMs: resolved.idleMs,
      name: 'GitHub refresh',
      // An idle site (or one with no GitHub repositories) writes no lease and asks GitHub nothing.
      hasWork: async () =>
        Date.now() >= this.pausedUntil &&
        (await findDueGithubRepositories(deps.db, new Date().toISOString(), 1)).length > 0,
    });
    this.options = resolved;
  }

  protected async round(): Promise<boolean> {
    const { db, client, changes, logger } = this.deps;
    const { batch, spacingMs, reserve, everyMs, retryMs } = this.options;
    if (Date.now() < this.pausedUntil) return false;
    const due = await findDueGithubRepositories(db, new Date().toISOString(), batch);
    const changed: string[] = [];
    try {
      for (const [index, portfolio] of due.entries()) {
        if (this.stopped) break;
        if (index > 0) await this.sleep(spacingMs);
        const [owner = '', name = ''] = portfolio.github_repo.split('/');
        const now = Date.now();
        let found: { stars: number; language: string | null } | undefined;
        try {
          const info = await client.repository({ owner, name });
          found = { stars: info.stars, language: info.language };
        } catch (error) {
          if (!(error instanceof GithubFailure)) throw error;
          if (error.kind === 'rateLimited') {
            this.pause(now + error.retryAfterSeconds * 1000);
            return false;
          }
          if (error.kind === 'unavailable') {
            // Tried again later; what was shown stays meanwhile.
            await postponeGithubCheck(db, portfolio.id, new Date(now + retryMs).toISOString());
            logger.warn({ repository: portfolio.github_repo }, 'GitHub did not answer about a repository');
            return false;
          }
        }
        const same =
          portfolio.github_stars === (found?.stars ?? null) &&
          portfolio.github_language === (found?.language ?? null);
        const recorded = await recordGithubCheck(db, {
          id: portfolio.id,
          repo: portfolio.github_repo,
          found,
          nextAt: new Date(now + everyMs).toISOString(),
        });
        if (recorded && !same) changed.push(portfolio.id);
        const { remaining, resetAt } = client.budget();
        if (remaining !== undefined && remaining <= reserve) {
          this.pause(resetAt ?? now + retryMs);
          return false;
        }
      }
    } finally {
      if (changed.length > 0) await changes.publish(changed.map((id) => changeTags.portfolio(id)));
    }
    return due.length === batch;
  }

  private pause(until: number): void {
    this.pausedUntil = until;
    this.deps.logger.info({ until: new Date(until).toISOString() }, 'GitHub rate limit: checks paused');
  }
}
