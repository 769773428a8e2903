// The gateways' statement files (src/server/onlinepay/gateways): Alipay's trade statement as the
// gateway writes it (GBK, `#` lines around the header, values followed by a tab, a refund's 商家实收
// negative), inside its zip or as the bare detail CSV. The zip reader itself: tests/unit/server/zip.spec.ts.
import { describe, expect, test } from "vitest";
import { deflateRawSync, crc32 } from "node:zlib";
import { parseAlipayBill, readAlipayStatement } from "../../../src/server/onlinepay/gateways/alipay-bill.ts";
import { readZip } from "../../../src/server/platform/zip.ts";
import { GatewayError } from "../../../src/server/onlinepay/gateways/transport.ts";

const HEADER =
  "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注";
const row = (values: string[]) => values.map((v) => `${v}\t`).join(",");
const blanks = (n: number) => Array.from({ length: n }, () => "");
const DETAIL = [
  "#支付宝业务明细查询",
  "#账号：[20880000000000000156]",
  "#起始日期：[2026年11月28日 00:00:00]   终止日期：[2026年11月29日 00:00:00]",
  "#-----------------------------------------业务明细列表----------------------------------------",
  HEADER,
  row([
    "2026112822001400001",
    "NP20261128100000000001",
    "交易",
    "物业费",
    "2026-11-28 10:00:00",
    "2026-11-28 10:00:05",
    ...blanks(4),
    "a***@x.com",
    "266.70",
    "266.70",
    ...blanks(8),
    "",
    "0.00",
    "0.00",
    "",
  ]),
  row([
    "2026112822001400001",
    "NP20261128100000000001",
    "退款",
    "物业费",
    "2026-11-28 12:00:00",
    "2026-11-28 12:00:01",
    ...blanks(4),
    "a***@x.com",
    "266.70",
    "-16.70",
    ...blanks(8),
    "RF001",
    "0.00",
    "0.00",
    "",
  ]),
  "#-----------------------------------------业务明细列表结束------------------------------------",
  "#交易合计：1笔，商家实收：266.70元",
  "#退款合计：1笔",
  "#导出时间：[2026年11月29日 09:12:37]",
].join("\r\n");

/** GBK bytes of a text (the few characters the test needs are found by decoding every double byte once). */
function gbk(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder("gbk");
  for (let hi = 0x81; hi <= 0xfe; hi++)
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = decoder.decode(Uint8Array.from([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  const bytes: number[] = [];
  for (const ch of text) bytes.push(...(ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (table.get(ch) ?? [0x3f])));
  return Buffer.from(bytes);
}

/** A zip entry as Alipay writes it: the name in GBK, no UTF-8 flag. */
function gbkZip(name: string, data: Buffer): Buffer {
  const packed = deflateRawSync(data);
  const nameBytes = gbk(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(local.length + nameBytes.length + packed.length, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

describe("statement files", () => {
  test("Alipay's detail rows: a payment at its order amount, a refund at the money taken back", () => {
    expect(parseAlipayBill(DETAIL)).toEqual([
      { tradeNo: "2026112822001400001", outTradeNo: "NP20261128100000000001", kind: "trade", amountFen: 26670, finishedAt: "2026-11-28 10:00:05", refundRequestNo: "" },
      { tradeNo: "2026112822001400001", outTradeNo: "NP20261128100000000001", kind: "refund", amountFen: 1670, finishedAt: "2026-11-28 12:00:01", refundRequestNo: "RF001" },
    ]);
  });

  test("Alipay's zip as the gateway sends it: GBK names and text, the 汇总 file left aside", () => {
    const zip = Buffer.concat([gbkZip("20880000000000000156_20261128_业务明细(汇总).csv", gbk("#支付宝业务汇总查询\r\n"))]);
    expect(() => readAlipayStatement(zip)).toThrow(GatewayError);
    const detail = gbkZip("20880000000000000156_20261128_业务明细.csv", gbk(DETAIL));
    expect(readZip(detail)[0].name).toBe("20880000000000000156_20261128_业务明细.csv");
    expect(readAlipayStatement(detail).map((r) => [r.kind, r.amountFen])).toEqual([
      ["trade", 26670],
      ["refund", 1670],
    ]);
    expect(readAlipayStatement(Buffer.from(DETAIL, "utf8"))).toHaveLength(2);
  });

  test("a file that is no statement is refused", () => {
    expect(() => parseAlipayBill("a,b,c\n1,2,3")).toThrow(GatewayError);
  });
});
