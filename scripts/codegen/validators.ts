// Builds one JSON Schema per resource payload and per rule, and compiles them with ajv into
// standalone ESM code. Each rule check becomes its own allOf entry; a table maps that entry's
// schema path to the spec's Chinese message, so errors carry the exact text.
import { Ajv2020 } from "ajv/dist/2020.js";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import standaloneCode from "ajv/dist/standalone/index.js";
import { _ } from "ajv/dist/compile/codegen/index.js";
import type { KeywordCxt } from "ajv";
import type { FieldDef, ResourceDef, RuleCheck, RuleDef } from "./model-types.ts";
import type { Model } from "./model.ts";
import { SchemaError } from "./load.ts";

type Json = Record<string, unknown>;

/** Numeric comparisons on the decimal text; inline code only, so the standalone output needs no runtime. */
function addDecimalKeywords(ajv: Ajv2020) {
  const compare = (keyword: string, op: string) =>
    ajv.addKeyword({
      keyword,
      type: "string",
      schemaType: ["number", "string"],
      code(cxt: KeywordCxt) {
        const bound = Number(cxt.schema);
        if (!Number.isFinite(bound)) throw new Error(`${keyword}: ${cxt.schema} is not a number`);
        cxt.fail(_`!(Number(${cxt.data}) ${op === "<=" ? _`<=` : op === ">=" ? _`>=` : op === "<" ? _`<` : _`>`} ${bound})`);
      },
    });
  // GB 11643: the 18th character is "10X98765432"[Σ digit × weight mod 11]; inline so the standalone code needs no runtime.
  ajv.addKeyword({
    keyword: "idCardChecksum",
    type: "string",
    schemaType: "boolean",
    code(cxt: KeywordCxt) {
      cxt.fail(
        _`!((s) => { if (!/^[0-9]{17}[0-9Xx]$/.test(s)) return true; const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]; let n = 0; for (let i = 0; i < 17; i++) n += Number(s[i]) * w[i]; return "10X98765432"[n % 11] === s[17].toUpperCase(); })(${cxt.data})`,
      );
    },
  });
  compare("decimalMax", "<=");
  compare("decimalMin", ">=");
  compare("decimalGt", ">");
  compare("decimalLt", "<");
  ajv.addKeyword({
    keyword: "decimalMultipleOf",
    type: "string",
    schemaType: ["number", "string"],
    code(cxt: KeywordCxt) {
      const n = Number(cxt.schema);
      if (!Number.isInteger(n) || n < 1) throw new Error(`multipleOf: ${cxt.schema} is not a positive integer`);
      cxt.fail(_`Number(${cxt.data}) % ${n} !== 0`);
    },
  });
}

const fill = (text: string, params: Record<string, unknown>) => text.replace(/\{(\w+)\}/g, (whole, k) => (k in params ? String(params[k]) : whole));

function checkSchema(check: RuleCheck, params: Record<string, unknown>): Json {
  const raw = typeof check.value === "string" ? fill(check.value, params) : check.value;
  switch (check.kind) {
    case "pattern":
      return { pattern: raw };
    case "notPattern":
      return { not: { pattern: raw } };
    case "maxLength":
      return { maxLength: Number(raw) };
    case "minLength":
      return { minLength: Number(raw) };
    case "multipleOf":
      return { decimalMultipleOf: Number(raw) };
    case "idCardChecksum":
      return { idCardChecksum: true };
    default:
      return { [check.kind]: Number(raw) };
  }
}

/** The JSON type a field carries in a payload, after numbers were turned into their text. */
function jsonTypes(f: FieldDef): string[] {
  switch (f.type) {
    case "boolean":
      return ["boolean", "null"];
    case "json":
      return ["object", "array", "null"];
    default:
      return ["string", "null"];
  }
}

/**
 * The format patterns the field types bring (besides those of schemas/). Codegen checks each runs in
 * linear time (linear-patterns.ts), and reports a slow one at its line here.
 */
export const BUILTIN_PATTERNS = {
  integer: "^-?\\d+$",
  ref: "^[1-9]\\d{0,17}$",
  money: "^\\d{1,13}(\\.\\d{1,2})?$",
  decimal: (integerDigits: number, scale: number) => `^-?\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`,
  date: "^\\d{4}-\\d{2}-\\d{2}$",
  datetime: "^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?$",
};

/** The [integer digits, scale] of a decimal field's text. */
export const decimalDigits = (f: FieldDef): [number, number] => {
  const [p, s] = f.precision ?? [12, 2];
  return [p - s, s];
};

/** Checks every field of a type gets after its rule's checks (format, column range); its maxLength is fieldSchema's. */
function builtinChecks(f: FieldDef): { schema: Json; message: string }[] {
  const out: { schema: Json; message: string }[] = [];
  const label = f.label;
  switch (f.type) {
    case "integer":
      out.push({ schema: { pattern: BUILTIN_PATTERNS.integer }, message: `${label}请输入整数` });
      out.push({ schema: { decimalMax: 2147483647 }, message: `${label}不能大于2147483647` });
      out.push({ schema: { decimalMin: -2147483648 }, message: `${label}超出范围` });
      break;
    case "ref":
      out.push({ schema: { pattern: BUILTIN_PATTERNS.ref }, message: `请选择${label}` });
      break;
    case "money":
      out.push({ schema: { pattern: BUILTIN_PATTERNS.money }, message: "请输入数字类型，仅保留两位小数" });
      break;
    case "decimal":
      out.push({ schema: { pattern: BUILTIN_PATTERNS.decimal(...decimalDigits(f)) }, message: `${label}格式不正确` });
      break;
    case "date":
      out.push({ schema: { pattern: BUILTIN_PATTERNS.date }, message: `${label}格式不正确，应为YYYY-MM-DD` });
      break;
    case "datetime":
      out.push({ schema: { pattern: BUILTIN_PATTERNS.datetime }, message: `${label}格式不正确` });
      break;
  }
  // A mapping with an "otherwise" label names every other value too, so only closed mappings restrict.
  // A json field with a mapping is a list of its codes (codeListChecks).
  if (f.mapping && f.type !== "boolean" && f.type !== "json") out.push({ schema: { mapping: f.mapping }, message: `请选择正确的${label}` });
  return out;
}

/** A json field with a mapping (a webhook's events): a list of the mapping's offered codes (uniqueItems would need ajv's runtime in the standalone validators: the server drops repeats); at least one when required. */
function codeListChecks(m: Model["mappings"][string], f: FieldDef, requiredMessage: string | undefined): { schema: Json; message: string }[] {
  const codes = Object.keys(m.values)
    .filter((code) => m.values[code].offered !== false)
    .map((code) => (m.valueType === "integer" ? Number(code) : code));
  const out = [{ schema: { items: { enum: codes } }, message: `请选择正确的${f.label}` }];
  if (requiredMessage !== undefined) out.push({ schema: { minItems: 1 } as never, message: requiredMessage });
  return out;
}

export interface CompiledField {
  schema: Json;
  messages: Record<string, string>;
  requiredMessage?: string;
}

function requiredMessageOf(f: FieldDef, rule?: RuleDef): string | undefined {
  if (rule?.required !== undefined) return rule.required;
  if (!f.required) return undefined;
  if (rule?.requiredMessage !== undefined) return rule.requiredMessage;
  return f.type === "ref" || f.mapping || f.type === "boolean" ? `请选择${f.label}` : `请输入${f.label}`;
}

export function fieldSchema(model: Model, f: FieldDef, base: string): CompiledField {
  const rule = f.rule ? model.rules[f.rule] : undefined;
  const params = { ...(rule?.params ?? {}), ...(f.ruleParams ?? {}) };
  const messages: Record<string, string> = {};
  const allOf: Json[] = [];
  const requiredMessage = requiredMessageOf(f, rule);
  if (requiredMessage !== undefined) {
    messages[`${base}/allOf/${allOf.length}`] = requiredMessage;
    allOf.push({ not: { enum: [null, ""] } });
  }
  messages[`${base}/allOf/${allOf.length}`] = `${f.label}格式不正确`;
  allOf.push({ type: jsonTypes(f) });
  // Lengths come first, in a group of their own: ajv runs every check (allErrors), so the rest is
  // guarded by the shortest of them and a value over it is refused by its length alone, before any
  // pattern reads it. The rule's own maxLength stays ahead of the field's (its message is the spec's).
  const lengths: { schema: Json; message: string }[] = [];
  const others: { schema: Json; message: string }[] = [];
  for (const c of rule?.checks ?? []) (c.kind === "maxLength" ? lengths : others).push({ schema: checkSchema(c, params), message: fill(c.message, params) });
  if (f.maxLength !== undefined && ["string", "text", "image", "secret"].includes(f.type)) lengths.push({ schema: { maxLength: f.maxLength }, message: `${f.label}不能超过${f.maxLength}个字符` });
  for (const b of builtinChecks(f)) {
    if ("mapping" in b.schema) {
      const m = model.mappings[String(b.schema.mapping)];
      // Values the system records by itself (offered: false) are never written through a form.
      const recordedOnly = Object.keys(m.values).filter((code) => m.values[code].offered === false);
      if (recordedOnly.length) others.push({ schema: { not: { enum: recordedOnly } }, message: b.message });
      if (m.otherwise !== undefined) continue;
      others.push({ schema: { enum: Object.keys(m.values).filter((code) => m.values[code].offered !== false) }, message: b.message });
      continue;
    }
    others.push(b);
  }
  const group = (checks: { schema: Json; message: string }[], guard: Json) => {
    if (!checks.length) return;
    checks.forEach((c, i) => (messages[`${base}/allOf/${allOf.length}/then/allOf/${i}`] = c.message));
    allOf.push({ if: { type: "string", minLength: 1, ...guard }, then: { allOf: checks.map((c) => c.schema) } });
  };
  group(lengths, {});
  group(others, lengths.length ? { maxLength: Math.min(...lengths.map((l) => Number(l.schema.maxLength))) } : {});
  if (f.type === "json" && f.mapping) {
    for (const c of codeListChecks(model.mappings[f.mapping], f, requiredMessage)) {
      messages[`${base}/allOf/${allOf.length}/then`] = c.message;
      allOf.push({ if: { type: "array" }, then: c.schema });
    }
  }
  return { schema: { allOf }, messages, ...(requiredMessage !== undefined ? { requiredMessage } : {}) };
}

export interface ValidatorSpec {
  exportName: string;
  schema: Json;
  /** Schemas the main one refers to, compiled into the same module. */
  shared?: Json[];
  messages: Record<string, string>;
  required: Record<string, string>;
  numericFields: string[];
}

const NUMERIC_AS_TEXT = new Set(["integer", "decimal", "money", "ref"]);

export function resourceValidatorSpecs(model: Model, r: ResourceDef): ValidatorSpec[] {
  const writable = r.fields.filter((f) => f.type !== "secret" || f.form);
  const properties: Json = {};
  const messages: Record<string, string> = {};
  const required: Record<string, string> = {};
  for (const f of writable) {
    const compiled = fieldSchema(model, f, `#/properties/${f.name}`);
    properties[f.name] = compiled.schema;
    Object.assign(messages, compiled.messages);
    // A read-only field is never sent by a client (the server or an action sets it; its default
    // applies on create), so it is not required in a payload; it still may not be emptied.
    if (compiled.requiredMessage !== undefined && !f.readOnly) required[f.name] = compiled.requiredMessage;
  }
  if (r.scope === "community") {
    properties.communityId = { allOf: [{ not: { enum: [null, ""] } }, { type: ["string", "null"] }, { if: { type: "string", minLength: 1 }, then: { allOf: [{ pattern: BUILTIN_PATTERNS.ref }] } }] };
    messages["#/properties/communityId/allOf/0"] = `请选择${"所属社区"}`;
    messages["#/properties/communityId/allOf/1"] = "所属社区格式不正确";
    messages["#/properties/communityId/allOf/2/then/allOf/0"] = "请选择所属社区";
  }
  const numericFields = [
    ...writable.filter((f) => NUMERIC_AS_TEXT.has(f.type) || (f.mapping && f.type !== "boolean" && f.type !== "json")).map((f) => f.name),
    ...(r.scope === "community" ? ["communityId"] : []),
  ];
  const id = `resource_${r.name}`;
  // create and update share one compiled field schema; create adds the required list.
  const fieldsSchema: Json = { $id: `${id}_fields`, type: "object", properties };
  const create: ValidatorSpec = {
    exportName: "create",
    schema: { $id: `${id}_create`, $ref: `${id}_fields`, required: Object.keys(required) },
    shared: [fieldsSchema],
    messages,
    required,
    numericFields,
  };
  // An update may send only the fields it changes; the required ones still may not be emptied.
  const update: ValidatorSpec = { ...create, exportName: "update", schema: { $id: `${id}_update`, $ref: `${id}_fields` }, shared: [] };
  return [create, update];
}

/** A field that exists only to be checked (a rule's own validator, an operation's property): its column is its name, shown nowhere. */
export const checkedField = (f: Pick<FieldDef, "name" | "type" | "label" | "required" | "rule">): FieldDef => ({
  ...f,
  column: f.name,
  list: false,
  filter: false,
  search: false,
  sort: false,
  form: true,
  detail: true,
  readOnly: false,
});

export function ruleValidatorSpec(model: Model, name: string): ValidatorSpec {
  const rule = model.rules[name];
  const pseudo = checkedField({ name: "value", type: "string", label: "", required: rule.required !== undefined || rule.requiredMessage !== undefined, rule: name });
  const compiled = fieldSchema(model, pseudo, "#/properties/value");
  return {
    exportName: `rule_${name}`,
    schema: { $id: `rule_${name}`, type: "object", properties: { value: compiled.schema }, ...(rule.required !== undefined || rule.requiredMessage !== undefined ? { required: ["value"] } : {}) },
    messages: compiled.messages,
    required: compiled.requiredMessage !== undefined ? { value: compiled.requiredMessage } : {},
    numericFields: ["value"],
  };
}

// Compiling is most of codegen's time, and a run changes few resources: each module's code is kept
// in .tmp/codegen-validators/ under the hash of its specs, ajv's version and this file's text (same
// input, same output), so unchanged resources are read back instead of compiled.
const cacheDir = join(dirname(fileURLToPath(import.meta.url)), "../../.tmp/codegen-validators");
const cacheSalt = `${readFileSync(fileURLToPath(import.meta.url), "utf8")}\0${createRequire(import.meta.url)("ajv/package.json").version}`;

/** How a module is compiled: coerceTypes converts a value to the type its schema names (the operations' coercion pass only). */
export interface CompileOptions {
  coerceTypes?: boolean;
}

/** Compiles specs into one standalone ESM module with no runtime requires (from the cache when it has them). */
export function compileStandalone(specs: ValidatorSpec[], options: CompileOptions = {}): string {
  const key = createHash("sha256").update(cacheSalt).update(JSON.stringify(options)).update(JSON.stringify(specs)).digest("hex");
  const file = join(cacheDir, `${key}.js`);
  if (existsSync(file)) return readFileSync(file, "utf8");
  const code = compileFresh(specs, options);
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${file}.${process.pid}`, code);
    renameSync(`${file}.${process.pid}`, file);
  } catch {
    /* a cache that cannot be written only costs time */
  }
  return code;
}

function compileFresh(specs: ValidatorSpec[], options: CompileOptions): string {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    inlineRefs: false,
    code: { source: true, esm: true, lines: true },
    unicodeRegExp: true,
    ...(options.coerceTypes ? { coerceTypes: true } : {}),
  });
  addDecimalKeywords(ajv);
  const exports: Record<string, string> = {};
  try {
    for (const s of specs) {
      for (const shared of s.shared ?? []) ajv.addSchema(shared);
      ajv.addSchema(s.schema);
      exports[s.exportName] = String(s.schema.$id);
    }
    let code = standaloneCode(ajv, exports);
    // ajv's esm output still requires its ucs2length helper for maxLength; inline it (counts code points).
    code = code.replace(/const (\w+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/g, "const $1 = (s) => { let n = 0; for (const _c of s) n++; return n; };");
    if (/require\(/.test(code)) throw new Error("standalone validators still contain require(): " + code.match(/require\([^)]*\)/)![0]);
    return code;
  } catch (e) {
    throw new SchemaError([`validators: ${(e as Error).message}`]);
  }
}
