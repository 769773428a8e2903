// Generic demo values for a field, from its type, rule, mapping and name: what the long tail of
// resources gets when no hand-written template (demo-templates.ts) says otherwise. Every value is
// meant to pass the field's rule; resource-rows.ts validates each row before inserting it anyway.
import type { FieldDef } from "../../../generated/model-types.ts";
import { mappings } from "../../../generated/mappings.ts";
import { fillScene } from "../../common/validate.ts";
import { mappingOptions } from "../../common/mappings.ts";
import { idCard, mobile, personName, plate } from "./person-data.ts";
import type { FieldValue } from "../crud/row.ts";

export interface ValueContext {
  /** Index of the row within its scope (community or tenant), counting rows already there. */
  i: number;
  /** Running number of the row within the resource and tenant (unique across communities). */
  k: number;
  /** "A" or "B": keeps tenant-wide unique codes apart between the demo tenants. */
  tag: string;
  now: Date;
}

const DAY = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
export const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Letters, digits and CJK only (what the strictest name-like rules accept). */
const plain = (text: string) => fillScene(text).replace(/[^A-Za-z0-9\u4e00-\u9fa5]/g, "");

/** The label without a trailing 名称 / 名 (配置名称 -> 配置). */
const stem = (label: string) => plain(label).replace(/(名称|名)$/, "") || "演示";

const clip = (text: string, max: number | undefined) => (max ? text.slice(0, max) : text);

/** Later dates for the end of a period, earlier ones for events that happened. */
const isEndLike = (name: string) => /^(end|expire)|(End|To|Until)$|(End|Expire)(Time|Date)$|^(validTo|leaseEndDate|nextInspectionDate|periodEnd|validUntil)$/.test(name);

export function mappingValues(field: FieldDef): (string | number)[] {
  if (!field.mapping || !mappings[field.mapping]) return [];
  // Only what a form may choose: a value the system records by itself (offered: false, 预存款抵扣) is refused on writes.
  return mappingOptions(field.mapping, { forForm: true }).map((o) => o.value);
}

function integerValue(field: FieldDef, c: ValueContext): number {
  const params = field.ruleParams ?? {};
  switch (field.rule) {
    case "range": {
      const min = Number(params.min ?? 0);
      const max = Number(params.max ?? 100);
      return min + (c.k % (max - min + 1));
    }
    case "multipleOf":
      return Number(params.n ?? 1) * (c.i + 1) * 6;
    case "max48":
      return 6 + (c.k % 24);
    case "residentsPerRoom":
      return 6;
    case "callDuration120":
      return 60;
    case "callDuration60":
      return 30;
    case "dynamicPasswordCount":
      return 10;
    case "dynamicPasswordValidity":
    case "patrolExpectedTime":
      return 30 + (c.k % 4) * 15;
    case "visitorQrDuration":
      return 24;
    case "int0to365":
      return 30;
    case "max1000000":
      return 60;
    case "positiveInteger":
      return 1 + c.k;
    default:
      return c.k % 10;
  }
}

function decimalValue(field: FieldDef, c: ValueContext): string {
  switch (field.rule) {
    case "longitude":
      return (120.1 + (c.k % 50) / 1000).toFixed(6);
    case "latitude":
      return (30.2 + (c.k % 50) / 1000).toFixed(6);
    case "area":
      return (60 + ((c.k * 17) % 90) + 0.5).toFixed(2);
    case "positiveNumber":
      return String(800 + (c.k % 5) * 100);
    case "positiveReal2":
      return (1 + (c.k % 3) * 0.5).toFixed(2);
    case "positiveReal1":
      return (2 + (c.k % 3) * 0.1).toFixed(1);
    case "nonNegativeNumber":
      return String(1000 + c.k * 10);
    case "realGreaterThan1":
      return (1.1 + (c.k % 5) / 10).toFixed(2);
    case "nonNegativeDecimal2":
      return (0.05 * ((c.k % 4) + 1)).toFixed(2);
    case "discount":
      return (8 + (c.k % 3) * 0.5).toFixed(2);
    default:
      return String(1 + (c.k % 9));
  }
}

function moneyValue(field: FieldDef, c: ValueContext): string {
  const base = field.rule === "amountNoLeadingZero" ? 2.5 + (c.k % 4) : 50 + ((c.k * 37) % 500);
  return base.toFixed(2);
}

function timeOfDay(field: FieldDef): string {
  if (/^end/i.test(field.name)) return "18:00";
  if (/^start/i.test(field.name)) return "08:00";
  return "09:30";
}

function stringValue(field: FieldDef, c: ValueContext): string {
  const max = field.maxLength;
  const n = c.k + 1;
  switch (field.rule) {
    case "phone":
      return mobile(c.k * 31 + c.tag.charCodeAt(0));
    case "idCard":
      return idCard(c.k * 13 + c.tag.charCodeAt(0));
    case "email":
      return `demo${c.tag.toLowerCase()}${n}@example.com`;
    case "plate":
      return plate(c.k * 3 + c.tag.charCodeAt(0));
    case "cardNo":
    case "digitsLetters":
      return clip(
        `${c.tag}${
          stem(field.name)
            .replace(/[^A-Za-z]/g, "")
            .slice(0, 6)
            .toUpperCase() || "NO"
        }${pad(n, 6)}`,
        max,
      );
    case "digitsOnly":
    case "integerOnly":
      return clip(`${c.tag === "A" ? 1 : 2}${pad(n, Math.min((max ?? 10) - 1, 9))}`, max);
    case "username":
      return clip(`demo${c.tag.toLowerCase()}${n}`, max);
    case "name":
      if (/^(realName|contactName|ownerName|bookerName|applicantName|reporterName|payerName|personName|calleeName)$/.test(field.name)) return personName(c.k);
      return clip(`${stem(field.label)}${n}`, max);
    case "noControlChars":
      return `https://www.example.com/neptune/${field.name}/${n}`;
    case "noEmoji":
    case "comment":
      return clip(`${plain(field.label)}：演示内容第${n}条，请按实际情况填写。`, max);
    default:
      break;
  }
  const name = field.name;
  if (max === 5 && /Time$/.test(name)) return timeOfDay(field);
  if (name === "period") return isoDate(new Date(c.now.getTime() - c.i * 31 * DAY)).slice(0, 7);
  if (/color/i.test(name)) return ["#1677ff", "#fa8c16", "#f5222d", "#52c41a"][c.k % 4];
  if (name === "ipAddress") return `192.168.${1 + (c.k % 20)}.${10 + (c.k % 200)}`;
  if (/Version$/.test(name)) return `V2.${c.k % 5}.${n}`;
  if (name === "domainUrl") return `${c.tag.toLowerCase()}${n}.neptune-demo.example.com`;
  if (name === "endpoint") return "oss-cn-hangzhou.aliyuncs.com";
  if (name === "bucket") return `neptune-demo-${c.tag.toLowerCase()}${n}`;
  if (name === "sipServer") return `sip${n}.example.com:5060`;
  if (/(url|Url|hyperlink|domain|cname|link)$/.test(name)) return `https://www.example.com/neptune/${name}/${n}`;
  if (field.rule === "cjkText" || field.rule?.startsWith("specialChar")) return clip(`${plain(field.label)}${n}`, max);
  return clip(`${plain(field.label) || "demo"}${n}`.replace(/[^A-Za-z0-9\u4e00-\u9fa5]/g, ""), max);
}

/** A small inline SVG: a coloured tile with a short caption, so images show without any file. */
export function demoImage(caption: string, k = 0): string {
  const colours = ["#1677ff", "#13c2c2", "#52c41a", "#fa8c16", "#722ed1"];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">` +
    `<rect width="320" height="200" fill="${colours[k % colours.length]}"/>` +
    `<text x="160" y="110" font-size="28" text-anchor="middle" fill="#fff">${plain(caption).slice(0, 8)}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** The generic value of a field, or undefined to leave it empty. Refs are chosen by the caller. */
export function fieldValue(field: FieldDef, c: ValueContext): FieldValue | undefined {
  if (field.type === "secret" || field.type === "ref") return undefined;
  const options = mappingValues(field);
  if (options.length) return options[c.k % options.length];
  if (field.default !== undefined && field.default !== null) return field.default as FieldValue; // a schema default: a YAML value, so JSON
  switch (field.type) {
    case "boolean":
      return c.k % 4 !== 3;
    case "integer":
      return integerValue(field, c);
    case "decimal":
      return decimalValue(field, c);
    case "money":
      return moneyValue(field, c);
    case "date": {
      const offset = isEndLike(field.name) ? 180 + c.k * 7 : -(c.k * 3 + 1);
      return isoDate(new Date(c.now.getTime() + offset * DAY));
    }
    case "datetime": {
      const offset = isEndLike(field.name) ? 30 * DAY + c.k * DAY : -(c.k * 7 + 2) * 3600 * 1000;
      return new Date(c.now.getTime() + offset).toISOString();
    }
    case "image":
      return demoImage(field.label, c.k);
    case "json":
      return {};
    case "string":
    case "text":
      return stringValue(field, c);
    default:
      return undefined;
  }
}
