// An amount in fen in Chinese capital numerals for receipts (人民币大写), e.g. 10050 → 壹佰元伍角整.
const DIGITS = "零壹贰叁肆伍陆柒捌玖";
const SMALL = ["", "拾", "佰", "仟"];
const BIG = ["", "万", "亿", "万亿"];

function integerWords(n: bigint): string {
  if (n === 0n) return "零";
  const groups: number[] = [];
  for (let v = n; v > 0n; v /= 10000n) groups.push(Number(v % 10000n));
  let out = "";
  let zero = false;
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g];
    if (group === 0) {
      zero = out !== "";
      continue;
    }
    if (zero || (out !== "" && group < 1000)) out += "零";
    zero = false;
    let inner = "";
    let innerZero = false;
    for (let i = 3; i >= 0; i--) {
      const d = Math.floor(group / 10 ** i) % 10;
      if (d === 0) {
        innerZero = inner !== "";
        continue;
      }
      if (innerZero) inner += "零";
      innerZero = false;
      inner += DIGITS[d] + SMALL[i];
    }
    out += inner + BIG[g];
  }
  return out;
}

export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError("not an amount");
  const sign = fen < 0 ? "负" : "";
  const abs = BigInt(Math.abs(fen));
  const yuan = abs / 100n;
  const jiao = Number((abs / 10n) % 10n);
  const cents = Number(abs % 10n);
  if (abs === 0n) return "零元整";
  let out = yuan > 0n ? `${integerWords(yuan)}元` : "";
  if (jiao === 0 && cents === 0) return `${sign}${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0n) out += "零";
  if (cents > 0) out += `${DIGITS[cents]}分`;
  else out += "整";
  return sign + out;
}
