/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Which constraint, as far as the driver says (PostgreSQL: the name; SQLite: the column in the message). */
export function violatedConstraint(error: unknown): string {
  const details = error as { constraint?: string; message?: string };
  return `${details.constraint ?? ''} ${details.message ?? ''}`;
}

/** A foreign key refused the write: what it refers to is gone (deleted in the meantime). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** PostgreSQL gave up waiting for a lock (`lock_timeout`). */
export function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}
