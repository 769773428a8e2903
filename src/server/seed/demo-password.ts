// The demo users' password: NEPTUNE_DEMO_PASSWORD when given; otherwise a random one, written to
// DATA_DIR/demo-password.txt (readable by the owner only) and printed once at first start.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const DEMO_PASSWORD_FILE = "demo-password.txt";

export function randomDemoPassword(): string {
  return `Np-${randomBytes(9).toString("base64url")}`;
}

export function writeDemoPasswordFile(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, DEMO_PASSWORD_FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return file;
}
