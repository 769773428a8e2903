// The sandbox gateway's keys, made at first start in its folder (DATA_DIR/sandbox, or SANDBOX_DIR):
//   wechatpay-platform-private.pem  the key the sandbox signs WeChat Pay answers and callbacks with
//   wechatpay-platform-serial.txt   the serial of that platform "certificate"
//   wechatpay-apiv3.key             32 ASCII bytes: the AEAD_AES_256_GCM key of callback resources
//   alipay-private.pem              the key the sandbox signs Alipay answers and notifications with
//   merchant-private.pem            the demo merchant's own key (its requests' signatures); the
//                                   sandbox keeps its public half, as a gateway keeps a merchant's
//                                   uploaded certificate
// Files are written once with mode 0600 and never replaced: a second start reads them.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SandboxKeys {
  wechatPlatformPrivate: KeyObject;
  wechatPlatformPublic: KeyObject;
  wechatPlatformSerial: string;
  wechatApiV3Key: string;
  alipayPrivate: KeyObject;
  alipayPublic: KeyObject;
  merchantPrivate: KeyObject;
  merchantPublic: KeyObject;
  /** The PEM text of the keys a merchant configuration holds (the demo merchant's). */
  pem: { merchantPrivate: string; wechatPlatformPublic: string; alipayPublic: string };
}

const FILES = {
  wechatPlatform: "wechatpay-platform-private.pem",
  wechatSerial: "wechatpay-platform-serial.txt",
  apiV3: "wechatpay-apiv3.key",
  alipay: "alipay-private.pem",
  merchant: "merchant-private.pem",
} as const;

const APIV3_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** Writes what `make` makes unless the file is there: a key is made only when it is missing (an RSA key costs about a second of CPU). */
export function writeOnce(path: string, make: () => string): void {
  if (existsSync(path)) return;
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, make(), { mode: 0o600 });
  renameSync(partial, path); // a crash never leaves half a key behind
}

const newPrivatePem = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();

function newApiV3Key(): string {
  const bytes = randomBytes(32);
  return Array.from(bytes, (b) => APIV3_ALPHABET[b % APIV3_ALPHABET.length]).join("");
}

/** The sandbox's keys from `dir`, made there first when missing. */
export function sandboxKeys(dir: string): SandboxKeys {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = (name: string) => join(dir, name);
  writeOnce(path(FILES.wechatPlatform), newPrivatePem);
  writeOnce(path(FILES.wechatSerial), () => `${randomBytes(20).toString("hex").toUpperCase()}\n`);
  writeOnce(path(FILES.apiV3), newApiV3Key);
  writeOnce(path(FILES.alipay), newPrivatePem);
  writeOnce(path(FILES.merchant), newPrivatePem);
  const read = (name: string) => readFileSync(path(name), "utf8");
  const wechatPlatformPrivate = createPrivateKey(read(FILES.wechatPlatform));
  const alipayPrivate = createPrivateKey(read(FILES.alipay));
  const merchantPrivatePem = read(FILES.merchant);
  const merchantPrivate = createPrivateKey(merchantPrivatePem);
  const wechatPlatformPublic = createPublicKey(wechatPlatformPrivate);
  const alipayPublic = createPublicKey(alipayPrivate);
  const spki = (key: KeyObject) => key.export({ type: "spki", format: "pem" }).toString();
  return {
    wechatPlatformPrivate,
    wechatPlatformPublic,
    wechatPlatformSerial: read(FILES.wechatSerial).trim(),
    wechatApiV3Key: read(FILES.apiV3).trim(),
    alipayPrivate,
    alipayPublic,
    merchantPrivate,
    merchantPublic: createPublicKey(merchantPrivate),
    pem: { merchantPrivate: merchantPrivatePem, wechatPlatformPublic: spki(wechatPlatformPublic), alipayPublic: spki(alipayPublic) },
  };
}
