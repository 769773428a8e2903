// Hostile inputs for the fuzz suite, as fast-check arbitraries: text the database cannot store,
// values of the wrong JSON type, numbers out of range, impossible dates, oversized pages, unknown
// sort fields, deep nesting and keys that shadow Object.prototype members.
import fc from "fast-check";

const nul = fc.constantFrom("\u0000", "a\u0000b", "名称\u0000");
const loneSurrogate = fc.constantFrom("\uD800", "x\uDC00", "\uDBFF尾", "\uDFFF\uD800");
const oddText = fc.constantFrom("", " ", "x".repeat(5000), "'; drop table rooms; --", "%_\\", "2024-02-30", "9999-99-99", "1e400", "NaN", "-0", "0x10", "true", "null", "{}", "[]", "\u202e\u200b");
const badNumber = fc.constantFrom(-1, 0, 1.5, -0.0001, 1e17, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 999999999999);
const scalar = fc.oneof(nul, loneSurrogate, oddText, badNumber, fc.boolean(), fc.constant(null), fc.string({ maxLength: 20, unit: "binary" }), fc.integer());

/** Objects nested past any sensible depth. */
const deep = fc.integer({ min: 20, max: 60 }).map((n) => {
  let v: unknown = "x";
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom("a", "toString", "valueOf", "toJSON", "__proto__", "constructor"), scalar, { maxKeys: 3 }) },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant([[1, 2], { x: 1 }]) },
  { weight: 1, arbitrary: deep },
);

/** Keys every list or form may be given besides the operation's own. */
const commonKeys = ["pageNo", "pageSize", "sortField", "sortOrder", "keyword", "communityId", "id", "ids", "name", "toString"];

/** A body: some of the operation's fields (and common ones) with hostile values; sometimes not an object at all. */
export function hostileBody(fields: string[]): fc.Arbitrary<unknown> {
  const keys = [...new Set([...fields, ...commonKeys])];
  const page = fc.record(
    { pageNo: fc.constantFrom(1, 0, -1, "x", 1e17, {}), pageSize: fc.constantFrom(10, 501, 100000, 0, "5000", [10]), sortField: fc.constantFrom("nosuch", "id; drop", {}, ["id"], "\u0000") },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.dictionary(fc.constantFrom(...keys), hostileValue, { minKeys: 1, maxKeys: 6 }), page).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: fc.oneof(scalar, fc.array(hostileValue, { maxLength: 2 }), deep) },
  );
}

/** A path parameter: malformed, out of range or foreign. */
export const hostileId = fc.constantFrom("0", "-1", "1.5", "abc", "1e99", "99999999999999999999", "9007199254740993", "%00", "%ED%A0%80", "1%20or%201=1", "%F0%9F%98%80");

/** A query string of hostile values for the given keys, with a repeated key now and then. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const encoded = fc.oneof(
    fc.constantFrom("%00", "a%00b", "%ED%A0%80", "%C0%AF", "%FF", "%", "%E4%B8", "1e400", "-1", "99999999999999999999", "2024-02-30", "x".repeat(3000)),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  );
  const all = [...new Set([...keys, "pageNo", "pageSize", "id", "toString"])];
  return fc.array(fc.tuple(fc.constantFrom(...all), encoded), { minLength: 1, maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));
}
