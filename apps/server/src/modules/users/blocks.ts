import type { Block } from '@portfolio-master/contract';
import type { UserRow } from '../../db/schema.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError } from '../../lib/http-error.js';

type BlockColumns = Pick<UserRow, 'blocked_at' | 'blocked_until' | 'blocked_reason'>;

/** The account's block while it lasts (`until` null: for good); null when it may write. */
export function activeBlock(user: BlockColumns, now = new Date()): Block | null {
  if (user.blocked_at === null) return null;
  const until = user.blocked_until === null ? null : toIsoString(user.blocked_until);
  if (until !== null && Date.parse(until) <= now.getTime()) return null;
  return { until, reason: user.blocked_reason ?? '', date: toIsoString(user.blocked_at) };
}

/** Tashkent is UTC+5 all year: the time the site shows. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/** "02.12.2026 16:05", Tashkent time, as the web app writes dates and times. */
export function tashkentDateTime(iso: string): string {
  const local = new Date(Date.parse(iso) + TASHKENT_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`
  );
}

/** What a blocked account is told when it tries to write. */
export function blockMessage(block: Block): string {
  const period =
    block.until === null
      ? 'Sizga saytda yozish butunlay taqiqlangan'
      : `Sizga ${tashkentDateTime(block.until)} gacha saytda yozish taqiqlangan`;
  return `${period}. Sabab: ${block.reason}`;
}

/** Refuses a write (a portfolio, a comment, a profile, a report) by a blocked account: 403 BLOCKED. */
export function assertMayWrite(user: BlockColumns): void {
  const block = activeBlock(user);
  if (block) throw new HttpError(403, 'BLOCKED', blockMessage(block));
}
