// Between schema fields and Excel cells. Export: a row value as the list shows it (reference labels,
// mapping labels, masks, 是/否, dates in China time, money with two decimals). Import: a cell as the
// API value the resource's rules check (mapping labels or codes, 是/否, Excel dates).
import { chinaDateTime, fromChinaWallClock } from "../../common/china-time.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import type { FieldDef } from "../../../generated/model-types.ts";
import { mappings } from "../../../generated/mappings.ts";
import { mappingLabel, ownerLabel } from "../../common/mappings.ts";
import { mask } from "../../common/masks.ts";
import { fillScene } from "../../common/validate.ts";
import { texts } from "../../../generated/texts.ts";
import type { FieldValue, FieldValues } from "../crud/row.ts";

/** Mapping labels that follow the scene name (as on the screens: residentIdentity 1 is 业主 / 管理员). */
function mappingText(field: FieldDef, value: unknown, scene: string): string {
  if (field.mapping === "residentIdentity" && String(value) === "1") return ownerLabel(scene);
  return mappingLabel(field.mapping!, value as string | number);
}

/** A database value as text: strings and numbers as they are, a Date as ISO, anything else as JSON. */
function storedText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One exported cell: text (or a number for plain integers), as the list page shows the value. */
export function exportCell(field: FieldDef, row: FieldValues, scene: string): string | number {
  const value = row[field.name];
  if (field.type === "ref") {
    const label = row[`${field.name}Label`];
    return label !== undefined && label !== null && label !== "" ? storedText(label) : storedText(value);
  }
  if (value === null || value === undefined || value === "") return "";
  if (field.mapping) return mappingText(field, value, scene);
  if (field.mask) return mask(field.mask, value as string);
  switch (field.type) {
    case "boolean":
      return value === true ? texts.excel.yes : texts.excel.no;
    case "datetime":
      return chinaDateTime(value);
    case "date":
      return storedText(value).slice(0, 10);
    case "integer":
      return typeof value === "number" ? value : storedText(value);
    case "json":
      return JSON.stringify(value);
    default:
      return storedText(value);
  }
}

export const columnLabel = (field: FieldDef, scene: string) => fillScene(field.label, scene);

/** The text of a cell as exceljs gives it (rich text, formulas, hyperlinks, dates, numbers). */
export function cellText(value: unknown): string | Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((p) => p.text)
        .join("")
        .trim();
    if ("result" in v) return cellText(v.result);
    if (typeof v.text === "string") return v.text.trim();
    return null;
  }
  const text = storedText(value).trim();
  return text === "" ? null : text;
}

const YES = new Set<string>([texts.excel.yes, "true", "1", "y", "yes", ...texts.excel.yesWords]);
const NO = new Set<string>([texts.excel.no, "false", "0", "n", "no", ...texts.excel.noWords]);

/** A cell that cannot be a value of its field (the row is rejected with this message). */
export class CellProblem {
  constructor(readonly message: string) {}
}

/** Whether YYYY-MM-DD names a day of the calendar. */
function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number);
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/**
 * A cell as the field's API value: mapping fields take the label (or the code), booleans 是/否,
 * dates and datetimes an Excel date or text. Returns a problem when the text cannot be such a value.
 */
export function importValue(field: FieldDef, cell: string | Date | null, scene: string): FieldValue | CellProblem | undefined {
  if (cell === null) return undefined;
  if (field.mapping) {
    const m = mappings[field.mapping];
    const text = cell instanceof Date ? "" : cell;
    const byCode = Object.keys(m.values).find((code) => code === text);
    const byLabel = Object.entries(m.values).find(([code, v]) => v.label === text || (field.mapping === "residentIdentity" && code === "1" && text === ownerLabel(scene)));
    const code = byCode ?? byLabel?.[0];
    if (code === undefined) {
      const options = Object.entries(m.values).map(([c, v]) => (field.mapping === "residentIdentity" && c === "1" ? ownerLabel(scene) : v.label));
      return new CellProblem(fillTexts.importReasons.optionInvalid({ label: columnLabel(field, scene), text, options: options.join(texts.excel.optionSeparator) }));
    }
    return m.valueType === "integer" ? Number(code) : code;
  }
  switch (field.type) {
    case "boolean": {
      const text = String(cell).toLowerCase();
      if (YES.has(text)) return true;
      if (NO.has(text)) return false;
      return new CellProblem(fillTexts.importReasons.booleanInvalid({ label: columnLabel(field, scene) }));
    }
    case "date": {
      if (cell instanceof Date) return cell.toISOString().slice(0, 10);
      const day = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/.test(cell.trim())
        ? cell
            .trim()
            .split(/[-/.]/)
            .map((p, i) => (i ? p.padStart(2, "0") : p))
            .join("-")
        : null;
      // A day the calendar has (2024-13-45 is none): the fault names its column.
      return day !== null && isCalendarDay(day) ? day : new CellProblem(fillTexts.importReasons.dateInvalid({ label: columnLabel(field, scene) }));
    }
    case "datetime":
      if (cell instanceof Date) return fromChinaWallClock(cell).toISOString();
      return cell;
    default:
      return cell instanceof Date ? cell.toISOString().slice(0, 10) : cell;
  }
}
