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

/** "25-noyabr, 2026" in UTC, as the block message names the day it ends. */
const MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
];

export function uzbekDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()}-${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
}

/** What a blocked account is told when it tries to write. */
export function blockMessage(block: Block): string {
  const period =
    block.until === null
      ? 'Sizga saytda yozish butunlay taqiqlangan'
      : `Sizga ${uzbekDate(block.until)} (UTC) gacha saytda yozish taqiqlangan`;
  return `${period}. Sabab: ${block.reason}`;
}

/** Refuses a write (a portfolio, a comment, a profile, a report) by a blocked account: 403 BLOCKED. */
export function assertMayWrite(user: BlockColumns): void {
  const block = activeBlock(user);
  if (block) throw new HttpError(403, 'BLOCKED', blockMessage(block));
}
