import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  // The one-shot form: a third of a hash object's cost, on every signed-in request.
  return hash('sha256', token, 'hex');
}
