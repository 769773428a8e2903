// The example client of docs/api.md (docs/examples/api-client.ts) holds: types generated from the
// document this server serves (openapi-typescript) check it under `tsc --strict`, it has no cast,
// and it runs against the server with an API token and no other credential.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, describe, expect, it } from "vitest";
import { useDemoServer } from "../support/demo.ts";

const EXAMPLE = resolve("docs/examples/api-client.ts");
const WORK = resolve(".tmp", `api-client-example-${process.pid}`);

describe("the example API client", () => {
  const t = useDemoServer("pglite");
  afterAll(() => rmSync(WORK, { recursive: true, force: true }));

  it("is typed from the served document, passes tsc --strict with no cast, and runs with a token alone", async () => {
    expect(readFileSync(EXAMPLE, "utf8")).not.toMatch(/\bas\s+(?!const\b)[A-Za-z{[]|<[A-Za-z]+>\s*\w/);
    const served = await t.server.request("GET", "/api/openapi.json", { token: t.admin });
    expect(served.status).toBe(200);
    mkdirSync(WORK, { recursive: true });
    writeFileSync(join(WORK, "api-schema.d.ts"), astToString(await openapiTS(served.text, { silent: true })));
    copyFileSync(EXAMPLE, join(WORK, "api-client.ts"));
    const tsc = resolve("node_modules/typescript/bin/tsc");
    const args = ["--strict", "--noEmit", "--skipLibCheck", "--module", "esnext", "--moduleResolution", "bundler", "--target", "es2022", join(WORK, "api-client.ts")];
    const checked = await promisify(execFile)(process.execPath, [tsc, ...args]).catch((err: { stdout: string }) => ({ stdout: err.stdout, failed: true }));
    expect(checked.stdout).toBe("");

    const made = await t.server.request("POST", "/api/system/apiTokens/actions/create", { token: t.admin, body: { name: "示例客户端", authorities: ["HBL01001", "HBL1907"], validDays: 1 } });
    expect(made.status, made.text).toBe(200);
    await t.server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.server.app.server.address() as AddressInfo;
    const { billsToPay } = (await import(join(WORK, "api-client.ts"))) as { billsToPay: (baseUrl: string, token: string) => Promise<string[]> };
    const lines = await billsToPay(`http://127.0.0.1:${port}`, made.body.data.token);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^.+：\d+ 张待缴账单$/);
  }, 120_000);
});
