import { hash, verify } from '@node-rs/argon2';
import { LIMITS } from '@portfolio-master/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import bcrypt from 'bcryptjs';
import { validationFailed } from '../../lib/http-error.js';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2ID = 2; // Algorithm.Argon2id, a const enum the compiler cannot inline across packages
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** bcrypt, as the original site stored passwords; imported accounts have it until their first sign-in. */
const BCRYPT_PATTERN = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** Whether the hash is an imported bcrypt one, to be replaced by ours once the password is known. */
export function isOriginalHash(passwordHash: string): boolean {
  return BCRYPT_PATTERN.test(passwordHash);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (isOriginalHash(passwordHash)) return await bcrypt.compare(password, passwordHash);
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown account cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('portfolio-master-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

/**
 * The 1,000 most frequent leaked passwords, lowercased, from zxcvbn-ts's frequency-ranked list; shorter
 * ones than the contract allows are skipped, as nobody can choose them.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common']
    .map((password) => password.toLowerCase())
    .filter((password) => password.length >= LIMITS.password.min)
    .slice(0, 1000),
);

/** Length is checked by the contract; here: no well-known password and none built from the account. */
export function assertPasswordAllowed(
  password: string,
  context: { username?: string; email?: string },
): void {
  const lowered = password.toLowerCase();
  const fromAccount = [context.username?.toLowerCase(), context.email?.toLowerCase()].filter(Boolean);
  if (COMMON_PASSWORDS.has(lowered) || fromAccount.includes(lowered)) {
    throw validationFailed('password', 'problem.password.common');
  }
}
