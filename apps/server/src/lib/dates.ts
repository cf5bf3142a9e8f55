/** PostgreSQL hands back Date objects and SQLite ISO strings; the API always speaks ISO 8601. */
export function toIsoString(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
}
