import { createHash } from 'node:crypto';
import type { PortfolioViews } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newToken } from '../../lib/tokens.js';
import * as views from '../../data/views.repository.js';

/** The chart's length, and how long a day's views and salt are kept. */
export const VIEW_DAYS = 30;

/** Crawlers, link previewers and tools that fetch pages: not readers. */
const BOTS =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|fetch|curl|wget|python-requests|httpclient|headless|lighthouse|monitor/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOTS.test(userAgent);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Unique viewers of a portfolio per day, for its owner (docs/decisions/0028-views.md). A visitor is a
 * hash of the day's random salt with the account id, or with the address and browser of a visitor who
 * is not signed in; neither is stored.
 */
export class ViewsService {
  private salt: { day: string; value: string } | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Counts a view unless it is the owner's; answers whether it was new today. */
  async record(
    portfolio: { id: string; author_id: string },
    viewer: { userId: string | null; ip: string; userAgent: string },
    now = new Date(),
  ): Promise<boolean> {
    if (viewer.userId === portfolio.author_id) return false;
    const day = dayOf(now);
    const salt = await this.saltOf(day);
    const who = viewer.userId ? `user:${viewer.userId}` : `visitor:${viewer.ip}|${viewer.userAgent}`;
    const visitor = createHash('sha256').update(`${salt}|${who}`).digest('hex');
    return views.insertView(this.db, { portfolio_id: portfolio.id, day, visitor });
  }

  /** The last `VIEW_DAYS` days, oldest first, each with its unique viewers (zero when none). */
  async series(portfolioId: string, now = new Date()): Promise<PortfolioViews> {
    const days = Array.from({ length: VIEW_DAYS }, (_, index) =>
      dayOf(new Date(now.getTime() - (VIEW_DAYS - 1 - index) * 86_400_000)),
    );
    const rows = await views.countViewersByDay(this.db, portfolioId, days[0]!);
    const counted = new Map(rows.map((row) => [row.day, Number(row.viewers)]));
    const series = days.map((date) => ({ date, viewers: counted.get(date) ?? 0 }));
    return { days: series, total: series.reduce((sum, day) => sum + day.viewers, 0) };
  }

  /** Deletes the views and salts of days the chart no longer shows. */
  async purgeOld(now = new Date()): Promise<void> {
    const oldest = dayOf(new Date(now.getTime() - (VIEW_DAYS - 1) * 86_400_000));
    await views.deleteViewsBefore(this.db, oldest);
  }

  /** The day's salt, the same on every instance: made by the first to need it. */
  private async saltOf(day: string): Promise<string> {
    if (this.salt?.day === day) return this.salt.value;
    const salt = await views.daySalt(this.db, day, newToken());
    this.salt = { day, value: salt };
    return salt;
  }
}
