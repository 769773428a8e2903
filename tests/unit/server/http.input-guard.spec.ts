// The shared input guard: what the database cannot store, or no handler should see, is found and
// named by its path before any handler runs.
import { describe, expect, it } from "vitest";
import { findUnsafeInput, hasUnstorableText, fieldError } from "../../../src/server/platform/http/input-guard.ts";

describe("input guard", () => {
  it("finds NUL characters and unpaired surrogates, and lets paired ones and plain text through", () => {
    for (const bad of ["\u0000", "a\u0000", "\uD800", "x\uDC00", "\uDFFF\uD800", "尾\uDBFF"]) expect(hasUnstorableText(bad)).toBe(true);
    for (const good of ["", "王小明", "😀", "a\uD83D\uDE00b", "\u202e"]) expect(hasUnstorableText(good)).toBe(false);
  });

  it("names the first bad value by its path, keys included", () => {
    expect(findUnsafeInput({ name: "ok", list: [1, { note: "a\u0000" }] })).toEqual({ name: "BAD_TEXT", path: "list[1].note" });
    expect(findUnsafeInput({ ["k\u0000"]: 1 })).toEqual({ name: "BAD_TEXT", path: "k\u0000" });
    expect(findUnsafeInput({ amount: Infinity })).toEqual({ name: "BAD_NUMBER", path: "amount" });
    expect(findUnsafeInput({ id: 2 ** 53 + 2 })).toEqual({ name: "BAD_NUMBER", path: "id" });
    expect(findUnsafeInput({ id: 2 ** 53 - 1, price: 1.25, none: null, yes: true })).toBeNull();
  });

  it("refuses nesting deeper than 32 levels without walking it all", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findUnsafeInput({ a: deep })?.name).toBe("TOO_DEEP");
  });

  it("answers 400 with the catalogue's message naming the field", () => {
    const err = fieldError("BAD_TEXT", "name", "姓名");
    expect(err.httpStatus).toBe(400);
    expect(err.toEnvelope()).toEqual({ code: 40010, message: "姓名含有无法保存的字符", data: { errors: [{ field: "name", message: "姓名含有无法保存的字符" }] }, success: false });
  });
});
