// Request bodies: __proto__ and constructor keys never reach a handler, however they are written.
import { describe, expect, it } from "vitest";
import { parseJsonBody } from "../../../src/server/platform/http/json-body.ts";

describe("JSON body parsing", () => {
  it("parses an ordinary body as JSON.parse does", () => {
    const text = JSON.stringify({ pageNo: 2, pageSize: 10, name: "王", ids: [1, 2], nested: { a: null, b: true } });
    expect(parseJsonBody(text)).toEqual(JSON.parse(text));
  });

  it("drops __proto__ and constructor keys at any depth, escaped or not", () => {
    for (const text of [
      '{"a": 1, "__proto__": {"polluted": true}}',
      '{"a": 1, "constructor": {"prototype": {"polluted": true}}}',
      '{"a": 1, "\\u005f_proto__": {"polluted": true}}',
      '{"a": 1, "n": {"\\u0063onstructor": 1, "__proto__": {"polluted": true}}}',
    ]) {
      const body = parseJsonBody(text) as Record<string, unknown>;
      expect(body.a).toBe(1);
      expect(Object.keys(body).filter((k) => k === "__proto__" || k === "constructor")).toEqual([]);
      expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
      if (body.n) expect(Object.keys(body.n)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it("keeps the text's other escapes", () => {
    expect(parseJsonBody('{"name": "\\u738b\\n"}')).toEqual({ name: "王\n" });
  });

  it("drops keys that shadow Object.prototype members, so String(value) of a body part cannot throw", () => {
    const body = parseJsonBody('{"name": {"toString": 1, "valueOf": "x", "toJSON": null, "a": 2}, "hasOwnProperty": 3}') as Record<string, unknown>;
    expect(body).toEqual({ name: { a: 2 } });
    expect(String(body.name)).toBe("[object Object]");
  });
});
