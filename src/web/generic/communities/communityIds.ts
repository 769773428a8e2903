// A user's community scope as the generic form keeps it (the JSON text of the ids, or the array the
// API answered): the ids, in order, without repeats.
export function communityIdsOf(value: unknown): number[] {
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = value.trim() ? JSON.parse(value) : [];
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
}
