import { HttpError } from './http-error.js';
import { isId } from './ids.js';

/** Where a page ended: the time and id of its last (oldest) item. The next page is what lies before it. */
export interface Cursor {
  at: string;
  id: string;
}

const invalid = () => new HttpError(400, 'BAD_REQUEST', 'problem.cursor.invalid');

/**
 * Cursors are opaque to clients: base64url of the list they belong to (a portfolio's id and what is
 * listed), the boundary time and id. Nothing secret is in them; what matters is that a cursor from
 * another list, or anything made up, is refused rather than read.
 */
export function encodeCursor(scope: string, at: Date | string, id: string): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Buffer.from(JSON.stringify([scope, time, id])).toString('base64url');
}

export function decodeCursor(scope: string, text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [owner, time, id] = parsed as unknown[];
  if (owner !== scope || typeof id !== 'string' || !isId(id)) throw invalid();
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0) throw invalid();
  const at = new Date(time);
  if (Number.isNaN(at.getTime())) throw invalid();
  return { at: at.toISOString(), id };
}
