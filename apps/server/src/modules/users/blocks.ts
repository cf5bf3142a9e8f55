import type { Block } from '@portfolio-master/contract';
import type { UserRow } from '../../db/schema.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError } from '../../lib/http-error.js';
import { message, type Message } from '../../lib/messages.js';

type BlockColumns = Pick<UserRow, 'blocked_at' | 'blocked_until' | 'blocked_reason'>;

/** The account's block while it lasts (`until` null: for good); null when it may write. */
export function activeBlock(user: BlockColumns, now = new Date()): Block | null {
  if (user.blocked_at === null) return null;
  const until = user.blocked_until === null ? null : toIsoString(user.blocked_until);
  if (until !== null && Date.parse(until) <= now.getTime()) return null;
  return { until, reason: user.blocked_reason ?? '', date: toIsoString(user.blocked_at) };
}

/** What a blocked account is told when it tries to write: until when (in Tashkent time) and why. */
function blockMessage(block: Block): Message {
  return block.until === null
    ? message('problem.blocked.forever', { reason: block.reason })
    : message('problem.blocked.until', { until: new Date(block.until), reason: block.reason });
}

/** Refuses a write (a portfolio, a comment, a profile, a report) by a blocked account: 403 BLOCKED. */
export function assertMayWrite(user: BlockColumns): void {
  const block = activeBlock(user);
  if (block) throw new HttpError(403, 'BLOCKED', blockMessage(block));
}
