// Value conventions for both drivers: bigint ids as JS numbers, numeric as exact text,
// timestamptz as ISO-8601 strings (UTC), date as "YYYY-MM-DD" text, json as parsed values.

export const OID = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

// The common shape (UTC, four-digit year), rewritten without a Date: fraction cut to milliseconds.
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00)?$/;

/** "2024-05-01 08:30:00.123456+00" (session time zone UTC) -> "2024-05-01T08:30:00.123Z". */
export function timestampToIso(text: string): string {
  const utc = UTC_TIMESTAMP.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${((utc[3] ?? "") + "000").slice(0, 3)}Z`;
  if (text === "infinity" || text === "-infinity") return text;
  let t = text.replace(" ", "T");
  if (/[+-]\d\d$/.test(t)) t += ":00";
  else if (!/(Z|[+-]\d\d:\d\d(:\d\d)?)$/.test(t)) t += "Z"; // timestamp without time zone: stored as UTC
  t = t.replace(/([+-]\d\d:\d\d):\d\d$/, "$1");
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

export function int8ToNumber(text: string): number {
  return Number(text);
}

export const textParsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: int8ToNumber,
  [OID.numeric]: (t) => t,
  [OID.date]: (t) => t,
  [OID.timestamp]: timestampToIso,
  [OID.timestamptz]: timestampToIso,
};
