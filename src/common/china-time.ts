// China time (UTC+8, no daylight saving), the one clock of the platform's users: today, days ago,
// month starts, the last n days, an instant as text, a wall-clock time as an instant, and the same
// day in SQL (as text or a date).
// Every business day (payments, audits, statistics) is a China-time calendar day, whatever the
// server's own zone is.

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

const pad = (n: number) => String(n).padStart(2, "0");

/** The China-time calendar day of an instant, "YYYY-MM-DD". */
export function chinaDay(at: Date = new Date()): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The China-time calendar day `n` days before `now`'s, "YYYY-MM-DD". */
export function chinaDaysAgo(n: number, now: Date = new Date()): string {
  return chinaDay(new Date(now.getTime() - n * DAY_MS));
}

/** The last `n` calendar days in China time, oldest first, and the instant the first one starts. */
export function chinaDays(now: Date, n: number): { days: string[]; since: Date } {
  const todayStart = Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS; // midnight, shifted clock
  const days: string[] = [];
  for (let i = n - 1; i >= 0; i--) days.push(new Date(todayStart - i * DAY_MS).toISOString().slice(0, 10));
  return { days, since: new Date(todayStart - (n - 1) * DAY_MS - CHINA_OFFSET_MS) };
}

/** The first day of `now`'s month in China time, as an instant. */
export function chinaMonthStart(now: Date = new Date()): Date {
  const shifted = new Date(now.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), 1) - CHINA_OFFSET_MS);
}

/** An instant as China-time text: "2026-05-01T01:02:03Z" → "2026-05-01 09:02:03"; text that is no date stays as it is. */
export function chinaDateTime(value: unknown): string {
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const c = new Date(d.getTime() + CHINA_OFFSET_MS);
  return `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())} ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}:${pad(c.getUTCSeconds())}`;
}

/** A China wall-clock time as text ("2026-05-01 09:02:03" or "2026-05-01T09:02:03") as the ISO 8601 instant it names: "2026-05-01T09:02:03+08:00". */
export const chinaWallClockIso = (wallClock: string): string => `${wallClock.replace(" ", "T")}+08:00`;

/** A China wall-clock time read as if it were UTC (a spreadsheet cell's date and time) as the instant it names. */
export const fromChinaWallClock = (wallClock: Date): Date => new Date(wallClock.getTime() - CHINA_OFFSET_MS);

/** SQL: a timestamptz column's China wall-clock time, a timestamp (the column is a trusted identifier). */
const chinaClockSql = (column: string): string => `(${column} at time zone 'UTC') + interval '8 hours'`;

/** SQL: a timestamptz column's China-time calendar day as "YYYY-MM-DD" (the column is a trusted identifier). */
export const chinaDaySql = (column: string): string => `to_char(${chinaClockSql(column)}, 'YYYY-MM-DD')`;

/** SQL: a timestamptz column's China-time calendar day as a date (the column is a trusted identifier). */
export const chinaDateSql = (column: string): string => `(${chinaClockSql(column)})::date`;
