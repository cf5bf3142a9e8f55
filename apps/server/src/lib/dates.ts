/** What `Date#toISOString` writes: the form every time is stored in. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * PostgreSQL hands back Date objects and SQLite ISO strings; the API always speaks ISO 8601. A string
 * already in `toISOString`'s form (everything the app stores) is passed through as it is.
 */
export function toIsoString(value: string | Date): string {
  if (typeof value === 'string' && CANONICAL_ISO.test(value)) return value;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
}
