// Calendar months as the payment pages write them ("YYYY-MM").

/** Every month from `start` to `end`, both included, in order; none when `end` is before `start`. */
export function monthsBetween(start: string, end: string): string[] {
  const parse = (month: string) => {
    const m = /^(\d{4})-(\d{2})$/.exec(month);
    return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : NaN;
  };
  const from = parse(start);
  const to = parse(end);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(`${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, "0")}`);
  return out;
}
