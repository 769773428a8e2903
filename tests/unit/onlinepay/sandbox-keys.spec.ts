// The sandbox's keys are made once, in its folder: a start that finds them reads them and makes
// none (an RSA key costs about a second of CPU; every server start made three and threw them away).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sandboxKeys, writeOnce } from "../../../src/server/onlinepay/sandbox/keys.ts";

const dir = mkdtempSync(join(tmpdir(), "sandbox-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("sandbox keys", () => {
  it("makes a missing file's content, and never asks for content when the file is there", () => {
    const path = join(dir, "key.pem");
    let made = 0;
    const make = () => `key ${++made}`;
    writeOnce(path, make);
    writeOnce(path, make);
    expect(made).toBe(1);
    expect(readFileSync(path, "utf8")).toBe("key 1");
    writeFileSync(path, "kept");
    writeOnce(path, make);
    expect(made).toBe(1);
    expect(readFileSync(path, "utf8")).toBe("kept");
  });

  it("reads the same keys on a second start", () => {
    const first = sandboxKeys(join(dir, "sandbox"));
    const again = sandboxKeys(join(dir, "sandbox"));
    expect(again.pem).toEqual(first.pem);
    expect(again.wechatPlatformSerial).toBe(first.wechatPlatformSerial);
    expect(again.wechatApiV3Key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(again.wechatApiV3Key).toBe(first.wechatApiV3Key);
  });
});
