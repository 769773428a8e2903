// Declared operations (schemas/operations/<domain>.yaml): the hand-written endpoints, read, checked
// against schemas/meta/operations.schema.yaml and turned into the route table, validators, types,
// the typed web client and OpenAPI entries. Kept apart from the resource emitters (emit.ts calls
// emitOperations once).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { parseDocument, isNode, type Document } from "yaml";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";
import { compile as jsonSchemaToTs } from "json-schema-to-typescript";
import type { FieldDef, ResourceDef } from "./model-types.ts";
import type { Model } from "./model.ts";
import { parseYamlText, SchemaError, type Yaml } from "./load.ts";
import { checkedField, compileStandalone, fieldSchema, type ValidatorSpec } from "./validators.ts";

type Json = Record<string, Yaml>;
export type InputPart = "params" | "query" | "body";
const PARTS: InputPart[] = ["params", "query", "body"];
/** Keys of an input property that are ours, not JSON Schema's. */
const OWN_KEYS = ["label", "rule", "field", "requiredMessage", "invalidMessage", "mapping"];
/** A message named by its key in schemas/errors.yaml (anything else is the text itself). */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*$/;
/** Schema keywords whose value fills a message's {max} / {min}. */
const MAX_KEYWORDS = ["maxItems", "maxLength", "maximum"];
const MIN_KEYWORDS = ["minItems", "minLength", "minimum"];
const NUMERIC_AS_TEXT = new Set(["integer", "decimal", "money", "ref"]);

/** One input the scope guard checks: community ids (table communities) or ids of a community-scoped resource's rows. */
export interface ScopeCheck {
  resource: string;
  table: string;
  part: "params" | "query" | "body";
  key: string;
  /** The input holds a list of ids (an array, or a comma list given as text), not one id. */
  many?: true;
}
/** The residents' API: its operations' paths start with this (docs/residents.md). */
export const H5_PREFIX = "/api/h5/";

/** An operation of the residents' app: its own OpenAPI document (generated/h5-openapi.json), not the staff one. */
export const isResidentOperation = (op: { path: string; authority: string | string[] }): boolean => op.path.startsWith(H5_PREFIX) || op.authority === "resident";

export type OperationScope = "tenant" | "session" | { checks: ScopeCheck[]; whenAbsent: "refuse" | "handler" };

const SCOPE_PARTS = { params: "params", query: "query", body: "body" } as const;

/** The declared scope as the route table keeps it, its problems pushed. */
function scopeOf(op: Json, where: string, resources: Map<string, ResourceDef>, problems: string[]): OperationScope | undefined {
  const declared = op.scope as string | Record<string, string[] | string> | undefined;
  if (declared === undefined) {
    if (op.authority !== "public") problems.push(`${where}: declares no scope (tenant, session, or the inputs naming communities or their rows)`);
    return undefined;
  }
  if (typeof declared === "string") return declared as "tenant" | "session";
  const checks: ScopeCheck[] = [];
  for (const [key, paths] of Object.entries(declared)) {
    if (key === "whenAbsent") continue;
    const table = key === "communities" ? "communities" : resources.get(key)?.scope === "community" ? resources.get(key)!.table : null;
    if (!table) problems.push(`${where}: scope ${key} is neither communities nor a community-scoped resource`);
    for (const path of paths as string[]) {
      const [part, name] = path.split(".") as [keyof typeof SCOPE_PARTS, string];
      const input = op[part]?.properties?.[name] as Json | undefined;
      if (!input) problems.push(`${where}: scope ${key}: ${path} is not an input of the operation`);
      const types = [input?.type].flat();
      const many = types.includes("array") || (types.includes("string") && !types.includes("integer"));
      checks.push({ resource: key, table: table ?? key, part: SCOPE_PARTS[part], key: name, ...(many ? { many: true as const } : {}) });
    }
  }
  return { checks, whenAbsent: declared.whenAbsent === "handler" ? "handler" : "refuse" };
}

export interface OperationModel {
  name: string;
  domain: string;
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  description?: string;
  authority: string | string[];
  envelope: boolean;
  /** Reachable by a session that must first change its password (the password gate's calls). */
  beforePasswordChange?: true;
  /** Called by another server (a gateway's callback): public, no XHR marker, the body as received. */
  caller?: "server";
  successMessage?: string;
  contentType?: string;
  /** The body is a file of these media types (the bytes themselves), not JSON. */
  upload?: string[];
  errors: string[];
  /** How it keeps to a user limited to some communities (schemas/meta/operations.schema.yaml; absent only on public operations). */
  scope?: OperationScope;
  /** Input parts as written (own keys included), references resolved. */
  input: Partial<Record<InputPart, Json>>;
  data: Json;
  tag: string;
}

function lineOf(text: string, doc: Document, instancePath: string): number | undefined {
  const segments = instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  for (let n = segments.length; n >= 0; n--) {
    const node = doc.getIn(segments.slice(0, n), true);
    if (isNode(node) && node.range) return text.slice(0, node.range[0]).split("\n").length;
  }
  return undefined;
}

function describe(file: string, text: string, doc: Document, e: ErrorObject): string {
  const line = lineOf(text, doc, e.instancePath);
  let what = e.message ?? "is invalid";
  if (e.keyword === "additionalProperties") what = `unknown property "${e.params.additionalProperty}"`;
  if (e.keyword === "required") what = `missing required property "${e.params.missingProperty}"`;
  return `${file}${line ? `:${line}` : ""}: at ${e.instancePath || "/"}: ${what}`;
}

/** Replaces {$ref: "#/schemas/x"} by the file's schema x (recursively). */
function resolveRefs(value: unknown, shared: Json, where: string, problems: string[]): Yaml {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, shared, where, problems));
  if (!value || typeof value !== "object") return value;
  const obj = value as Json;
  if (typeof obj.$ref === "string") {
    const m = /^#\/schemas\/(\w+)$/.exec(obj.$ref);
    if (!m || !shared[m[1]]) {
      problems.push(`${where}: $ref ${obj.$ref} does not name a schema of this file`);
      return {};
    }
    const { $ref: _r, ...rest } = obj;
    return { ...resolveRefs(shared[m[1]], shared, where, problems), ...rest };
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, resolveRefs(v, shared, where, problems)]));
}

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

export function loadOperations(root: string, model: Model): OperationModel[] {
  const dir = join(root, "schemas", "operations");
  if (!existsSync(dir)) return [];
  const metaText = readFileSync(join(root, "schemas", "meta", "operations.schema.yaml"), "utf8");
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(parseDocument(metaText).toJS());
  const problems: string[] = [];
  const out: OperationModel[] = [];
  const byName = new Map<string, string>();
  const byRoute = new Map<string, string>();
  const resources = new Map(model.resources.map((r) => [r.name, r]));
  const knownCodes = new Set([...model.routes.filter((r) => r.code).map((r) => r.code!), ...Object.values(model.permissionGroups).flatMap((g) => Object.keys(g.codes))]);
  // pending.yaml is the check's list of routes not declared yet (scripts/check/operations.ts), no domain.
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") && f !== "pending.yaml")
    .sort()) {
    const file = relative(root, join(dir, name));
    const text = readFileSync(join(dir, name), "utf8");
    const doc = parseYamlText(text, false);
    if (doc.errors.length) {
      problems.push(...doc.errors.map((e) => `${file}:${e.linePos?.[0]?.line ?? "?"}: YAML error: ${e.message.split("\n")[0]}`));
      continue;
    }
    const data = doc.toJS() as Json;
    if (!validate(data)) {
      problems.push(...(validate.errors ?? []).map((e) => describe(file, text, doc, e)));
      continue;
    }
    if (data.domain !== basename(name, ".yaml")) problems.push(`${file}: domain ${data.domain} differs from the file name`);
    for (const [opName, raw] of Object.entries<Json>(data.operations)) {
      const where = `${file}: operation ${opName}`;
      const op = resolveRefs(raw, data.schemas ?? {}, where, problems) as Json;
      if (byName.has(opName)) problems.push(`${where}: the name is also used in ${byName.get(opName)}`);
      byName.set(opName, file);
      const route = `${op.method} ${op.path}`;
      if (byRoute.has(route)) problems.push(`${where}: ${route} is also declared by ${byRoute.get(route)}`);
      byRoute.set(route, opName);
      const declared = Object.keys(op.params?.properties ?? {})
        .sort()
        .join();
      if (declared !== pathParams(op.path).sort().join()) problems.push(`${where}: params (${declared || "none"}) must be exactly the path's :names (${pathParams(op.path).join() || "none"})`);
      for (const code of op.errors ?? []) if (!model.errorCodes[code]) problems.push(`${where}: error ${code} is not a code of schemas/errors.yaml`);
      if (op.beforePasswordChange && op.authority === "public") problems.push(`${where}: beforePasswordChange on a public operation (it needs no session)`);
      if (op.caller === "server" && (op.authority !== "public" || op.body)) problems.push(`${where}: caller: server must be public and declare no body (it reads the body as received)`);
      if (op.upload && (op.body || op.method === "GET")) problems.push(`${where}: upload is the body: it excludes a declared body and a GET`);
      if (op.successMessage && !model.errorMessages[op.successMessage]) problems.push(`${where}: successMessage ${op.successMessage} is not a message of schemas/errors.yaml`);
      for (const code of Array.isArray(op.authority) ? op.authority : [op.authority]) {
        if (code !== "public" && code !== "signedIn" && code !== "anyCode" && code !== "resident" && !knownCodes.has(code))
          problems.push(`${where}: authority ${code} is not a route code nor a listed permission`);
      }
      // The residents' API (docs/residents.md): its paths are under /api/h5/ and are public or resident; a resident operation is nowhere else.
      const h5Path = String(op.path).startsWith(H5_PREFIX);
      if (h5Path && op.authority !== "public" && op.authority !== "resident") problems.push(`${where}: a path under ${H5_PREFIX} is public or resident, never a staff authority`);
      if (op.authority === "resident" && !h5Path) problems.push(`${where}: authority resident needs a path under ${H5_PREFIX}`);
      const scope = scopeOf(op, where, resources, problems);
      for (const part of PARTS) {
        for (const [prop, s] of Object.entries<Json>(op[part]?.properties ?? {})) {
          if (nestedMoney(s).some((n) => n.field || n.mapping)) problems.push(`${where}: ${part}.${prop}: a money node inside a property takes a rule and a label, not a field or a mapping`);
          if (s.format === "money" && s.field) problems.push(`${where}: ${part}.${prop}: format money and field exclude each other`);
          for (const m of messageRefs(s)) if (MESSAGE_KEY.test(m) && !model.errorMessages[m]) problems.push(`${where}: ${part}.${prop}: message ${m} is not a message of schemas/errors.yaml`);
          if (s.invalidMessage && typeof s.invalidMessage === "object" && (s.rule || s.field || s.format === "money"))
            problems.push(`${where}: ${part}.${prop}: invalidMessage by keyword applies to a plain JSON Schema property, not a rule, field or money one`);
          if (s.mapping && !model.mappings[s.mapping]) problems.push(`${where}: ${part}.${prop}: mapping ${s.mapping} does not exist`);
          if (s.mapping && (s.rule || s.field || s.format === "money" || s.enum)) problems.push(`${where}: ${part}.${prop}: mapping applies to a plain property without its own enum`);
          if (s.rule && !model.rules[s.rule]) problems.push(`${where}: ${part}.${prop}: rule ${s.rule} does not exist`);
          if (s.field) {
            const [res, field] = s.field.split(".");
            if (!resources.get(res)?.fields.some((f) => f.name === field)) problems.push(`${where}: ${part}.${prop}: field ${s.field} does not exist`);
          }
        }
      }
      out.push({
        name: opName,
        domain: data.domain,
        file,
        method: op.method,
        path: op.path,
        summary: op.summary,
        description: [op.description, authorityText(op.authority)].filter(Boolean).join("\n\n"),
        authority: op.authority,
        envelope: op.envelope !== false,
        ...(op.beforePasswordChange ? { beforePasswordChange: true as const } : {}),
        ...(op.caller ? { caller: op.caller } : {}),
        ...(op.successMessage ? { successMessage: op.successMessage } : {}),
        ...(op.contentType ? { contentType: op.contentType } : {}),
        ...(op.upload ? { upload: op.upload } : {}),
        errors: op.errors ?? [],
        ...(scope ? { scope } : {}),
        input: Object.fromEntries(PARTS.filter((p) => op[p]).map((p) => [p, op[p]])),
        data: op.data ?? {},
        tag: data.description,
      });
    }
  }
  if (problems.length) throw new SchemaError(problems);
  return out;
}

/** The messages a property names (requiredMessage, invalidMessage: one, or one per keyword). */
const messageRefs = (s: Json): string[] =>
  [s.requiredMessage, ...(s.invalidMessage && typeof s.invalidMessage === "object" ? Object.values<string>(s.invalidMessage) : [s.invalidMessage])].filter((m): m is string => typeof m === "string");

/**
 * A property's message: an errors.yaml key is its text, anything else the text itself; {max} and
 * {min} are filled with the property's limit (the keyword's own value when the message is one keyword's).
 */
function messageText(model: Model, s: Json, message: string, keyword?: string): string {
  const text = MESSAGE_KEY.test(message) ? model.errorMessages[message] : message;
  const limit = (names: string[]): number | undefined => (keyword && names.includes(keyword) ? s[keyword] : names.map((k) => s[k]).find((v) => typeof v === "number"));
  const vars: Record<string, number | undefined> = { max: limit(MAX_KEYWORDS), min: limit(MIN_KEYWORDS) };
  return text.replace(/\{(max|min)\}/g, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}

const pascal = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The money nodes inside a property (its items' and properties', at any depth; not the property itself). */
const nestedMoney = (s: Json): Json[] => {
  const out: Json[] = [];
  eachChild(s, (node) => {
    if (node.format === "money") out.push(node);
    return node;
  });
  return out;
};

/** A schema with the schemas inside it (properties, items; not the schema itself) rewritten node by node, innermost first. */
const eachChild = (s: Json, f: (node: Json) => Json): Json => {
  const { properties, items } = s;
  return {
    ...s,
    ...(properties && typeof properties === "object" ? { properties: Object.fromEntries(Object.entries<Json>(properties).map(([k, v]) => [k, eachNode(v, f)])) } : {}),
    ...(items && typeof items === "object" && !Array.isArray(items) ? { items: eachNode(items, f) } : {}),
  };
};

/**
 * Money at the edge (`format: money` on an input property or a node of the answer's data): on the
 * wire it is yuan (an input: text or number, at most two decimals, checked by the amount rule or the
 * property's own rule; an answer: text with two decimals), in the handler integer fen. The paths of
 * a schema's money nodes: "" the node itself, "amount", "list[].amount", "[]" (items of the node);
 * an allOf's parts are read as the node itself.
 */
export function moneyPaths(s: Json, at: string): string[] {
  if (!s || typeof s !== "object") return [];
  const out: string[] = s.format === "money" ? [at] : [];
  for (const [k, v] of Object.entries<Json>(s.properties ?? {})) out.push(...moneyPaths(v, at ? `${at}.${k}` : k));
  if (s.items && typeof s.items === "object" && !Array.isArray(s.items)) out.push(...moneyPaths(s.items, `${at}[]`));
  // The parts of an allOf describe the same node (a shared schema and what an answer adds to it).
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) out.push(...moneyPaths(part, at));
  return out;
}

const MONEY_TEXT = "^-?\\d+\\.\\d{2}$";
const nullable = (s: Json) => typesOf(s).includes("null");

/** An answer's data as the wire has it: each money node a two-decimal yuan text. */
const wireData = (s: Json): Json =>
  eachNode(s, (node) =>
    node.format === "money"
      ? { ...node, type: nullable(node) ? ["string", "null"] : "string", pattern: MONEY_TEXT, description: `${node.description ? `${String(node.description)}，` : ""}元，两位小数` }
      : node,
  );

/** A schema as the handler sees it: each money node integer fen (an input's, converted at the edge; an answer's, converted on the way out). */
const handlerMoney = (s: Json): Json =>
  eachNode(s, (node) => {
    if (node.format !== "money") return node;
    const { format: _format, pattern: _pattern, ...rest } = node;
    return { ...rest, type: nullable(node) ? ["integer", "null"] : "integer", description: `${node.description ? `${String(node.description)}，` : ""}分` };
  });

function fieldOf(model: Model, ref: string): FieldDef {
  const [res, name] = ref.split(".");
  return model.resources.find((r) => r.name === res)!.fields.find((f) => f.name === name)!;
}

/**
 * A plain property's `mapping`: its enum in the validator, the mapping's codes a client may choose
 * (offered: false ones are recorded by the system only), null too where the type allows it. The
 * documented schema names the mapping (x-mapping) instead, so that the types stay number.
 */
function mappingEnum(model: Model, s: Json): Json {
  if (!s.mapping) return s;
  const m = model.mappings[String(s.mapping)];
  const codes = Object.keys(m.values)
    .filter((code) => m.values[code].offered !== false)
    .map((code) => (m.valueType === "string" ? code : Number(code)));
  return { ...s, enum: [...codes, ...(typesOf(s).includes("null") ? [null] : [])] };
}

/** The JSON Schema a property documents and types with (own keys resolved and dropped). */
function plainProperty(model: Model, s: Json): Json {
  const rest = Object.fromEntries(Object.entries(s).filter(([k]) => !OWN_KEYS.includes(k)));
  if (s.mapping) rest["x-mapping"] = s.mapping;
  const label = s.label ?? (s.field ? fieldOf(model, s.field).label : undefined);
  if (s.field) {
    const f = fieldOf(model, s.field);
    const type = f.type === "boolean" ? ["boolean", "null"] : f.type === "json" ? undefined : NUMERIC_AS_TEXT.has(f.type) ? ["string", "number", "null"] : ["string", "null"];
    return { ...(type ? { type } : {}), ...(label ? { description: label } : {}), ...(f.maxLength ? { maxLength: f.maxLength } : {}), ...rest };
  }
  if (s.format === "money") {
    const type = rest.type ?? ["string", "number"];
    return { ...rest, type, description: `${label ? `${String(label)}，` : ""}元，最多两位小数`, ...(s.rule ? { "x-rule": s.rule } : { "x-rule": "amount" }) };
  }
  if (s.rule && !rest.type) rest.type = "string";
  return { ...(label ? { description: label } : {}), ...(s.rule ? { "x-rule": s.rule } : {}), ...rest };
}

/** The documented JSON Schema of one input part. */
export function partSchema(model: Model, op: OperationModel, part: InputPart): Json | undefined {
  const input = op.input[part];
  if (!input) return undefined;
  // A money node inside a property (rows[].declaredAmount) is documented as a money property is.
  const documented = (s: Json) =>
    plainProperty(
      model,
      eachChild(s, (node) => (node.format === "money" ? plainProperty(model, node) : node)),
    );
  const properties = Object.fromEntries(Object.entries<Json>(input.properties).map(([k, s]) => [k, documented(s)]));
  return {
    type: "object",
    properties,
    ...(input.required?.length || part === "params" ? { required: part === "params" ? Object.keys(properties) : input.required } : {}),
    ...(part === "body" && input.additionalProperties !== undefined ? { additionalProperties: input.additionalProperties } : {}),
  };
}

/** The JSON types a schema node names. */
const typesOf = (s: Json): string[] => [s.type ?? []].flat();
/** A value the edge converts: the schema says integer or number, and not string. */
const isNumeric = (types: string[]) => (types.includes("integer") || types.includes("number")) && !types.includes("string");

/** A schema and the schemas inside it (properties, items) rewritten node by node. */
function eachNode(s: Json, f: (node: Json) => Json): Json {
  const out: Json = { ...s };
  if (s.properties && typeof s.properties === "object") out.properties = Object.fromEntries(Object.entries<Json>(s.properties).map(([k, v]) => [k, eachNode(v, f)]));
  if (s.items && typeof s.items === "object" && !Array.isArray(s.items)) out.items = eachNode(s.items, f);
  if (Array.isArray(s.allOf)) out.allOf = s.allOf.map((part: Json) => eachNode(part, f));
  return f(out);
}

/** An integer the validator checks is a safe one too (a text the coercion pass made a number may lie past 2^53). */
const withSafeIntegers = (s: Json): Json =>
  eachNode(s, (node) => (typesOf(node).includes("integer") ? { ...node, maximum: node.maximum ?? Number.MAX_SAFE_INTEGER, minimum: node.minimum ?? -Number.MAX_SAFE_INTEGER } : node));

/** What a client may send for a part: an integer or number also as its decimal text (the edge converts it; the handler's type says number). */
const sentSchema = (s: Json): Json => eachNode(s, (node) => (isNumeric(typesOf(node)) ? { ...node, type: [...typesOf(node), "string"] } : node));

/**
 * What the coercion pass converts in one plain property (undefined: nothing), compiled with ajv's
 * coerceTypes: where the schema says integer or number (and not string), a numeric text becomes that
 * number and "" becomes null (no value); null and booleans are listed as accepted so that ajv leaves
 * them as they are (it would make 0 and 1 of them) for the validator to refuse. Arrays and objects
 * are walked; their own type is not touched.
 */
function coercionOf(s: Json): Json | undefined {
  const out: Json = {};
  const types = typesOf(s);
  if (isNumeric(types)) out.type = [...new Set([...types, "null", "boolean"])];
  if (s.items && typeof s.items === "object" && !Array.isArray(s.items)) {
    const items = coercionOf(s.items);
    if (items) out.items = items;
  }
  const properties = Object.entries<Json>(s.properties ?? {}).flatMap(([k, v]) => {
    const c = coercionOf(v);
    return c ? [[k, c] as const] : [];
  });
  if (properties.length) out.properties = Object.fromEntries(properties);
  return Object.keys(out).length ? out : undefined;
}

/**
 * The coercion pass of one input part (undefined: nothing to convert): it runs before the validator,
 * on the value the handler gets (src/common/validation-run.ts). Rule and field properties are
 * checked as text and not converted.
 */
function partCoercion(op: OperationModel, part: InputPart): ValidatorSpec | undefined {
  const properties = Object.entries<Json>(op.input[part]?.properties ?? {}).flatMap(([name, s]) => {
    const c = s.rule || s.field || s.format === "money" ? undefined : coercionOf(s);
    return c ? [[name, c] as const] : [];
  });
  if (!properties.length) return undefined;
  return {
    exportName: `${op.name}_${part}`,
    schema: { $id: `op_${op.name}_${part}_coercion`, type: "object", properties: Object.fromEntries(properties) },
    messages: {},
    required: {},
    numericFields: [],
  };
}

/** The field a rule or money property is checked as (one of an operation's, not a resource's). */
const ruleField = (name: string, s: Json, required: boolean): FieldDef =>
  checkedField({
    name,
    // A money property with a rule of its own (signedAmount) is checked by that rule alone.
    type: s.format === "money" && !s.rule ? "money" : "string",
    label: s.label ?? name,
    required,
    rule: s.rule ?? (s.format === "money" ? "amount" : undefined),
  });

/** A plain property's schema with each money node inside it replaced by check(node, its schema path). */
function moneyChecked(s: Json, at: string, check: (node: Json, at: string) => Json): Json {
  if (s.format === "money") return check(s, at);
  const out: Json = { ...s };
  if (s.properties && typeof s.properties === "object") out.properties = Object.fromEntries(Object.entries<Json>(s.properties).map(([k, v]) => [k, moneyChecked(v, `${at}/properties/${k}`, check)]));
  if (s.items && typeof s.items === "object" && !Array.isArray(s.items)) out.items = moneyChecked(s.items, `${at}/items`, check);
  return out;
}

/** The validator of one input part: rule and field properties as the resources check them, others as plain JSON Schema. */
function partValidator(model: Model, op: OperationModel, part: InputPart): ValidatorSpec | undefined {
  const input = op.input[part];
  if (!input) return undefined;
  const required = new Set<string>(part === "params" ? Object.keys(input.properties) : (input.required ?? []));
  const properties: Json = {};
  const messages: Record<string, string> = {};
  const requiredMessages: Record<string, string> = {};
  const numericFields: string[] = [];
  for (const [name, s] of Object.entries<Json>(input.properties)) {
    const base = `#/properties/${name}`;
    if (s.rule || s.field || s.format === "money") {
      const f: FieldDef = s.field ? { ...fieldOf(model, s.field), ...(s.label ? { label: s.label } : {}), required: required.has(name) } : ruleField(name, s, required.has(name));
      const compiled = fieldSchema(model, f, base);
      properties[name] = compiled.schema;
      Object.assign(messages, compiled.messages);
      // invalidMessage (one message) stands for every check of the rule or field but the required one.
      if (typeof s.invalidMessage === "string") {
        const invalid = messageText(model, s, s.invalidMessage);
        for (const path of Object.keys(compiled.messages)) if (!(compiled.requiredMessage !== undefined && path === `${base}/allOf/0`)) messages[path] = invalid;
      }
      const requiredMessage = s.requiredMessage !== undefined ? messageText(model, s, s.requiredMessage) : compiled.requiredMessage;
      if (required.has(name) && requiredMessage !== undefined) {
        requiredMessages[name] = requiredMessage;
        messages[`${base}/allOf/0`] = requiredMessage;
      }
      if (!s.field || NUMERIC_AS_TEXT.has(f.type) || (f.mapping && f.type !== "boolean")) numericFields.push(name);
    } else {
      // A money node inside it (rows[].declaredAmount) is checked as a money property is, its messages at its own path.
      const nested = (node: Json, at: string): Json => {
        const compiled = fieldSchema(model, ruleField(at, node, false), at);
        Object.assign(messages, compiled.messages);
        return compiled.schema;
      };
      const own = Object.fromEntries(Object.entries(mappingEnum(model, s)).filter(([k]) => !OWN_KEYS.includes(k) && k !== "description"));
      properties[name] = withSafeIntegers(moneyChecked(own, base, nested));
      const invalid = s.invalidMessage;
      messages[base] = typeof invalid === "string" ? messageText(model, s, invalid) : `${s.label ?? name}格式不正确`;
      // By keyword: the message of a value that fails that keyword of the property itself (its items' checks keep the property's).
      if (invalid && typeof invalid === "object") for (const [keyword, m] of Object.entries<string>(invalid)) messages[`${base}/${keyword}`] = messageText(model, s, m, keyword);
      if (required.has(name)) requiredMessages[name] = s.requiredMessage !== undefined ? messageText(model, s, s.requiredMessage) : `请输入${s.label ?? name}`;
    }
  }
  // Unknown body keys are dropped (or refused, additionalProperties: false) by the route helper before this runs.
  return {
    exportName: `${op.name}_${part}`,
    schema: { $id: `op_${op.name}_${part}`, type: "object", properties, required: [...required] },
    messages,
    required: requiredMessages,
    numericFields,
  };
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** Adds the declared operations to the OpenAPI document (envelope around data, security by authority). */
/** A refusal's envelope (components.schemas.ErrorEnvelope of both documents: errorComponents). */
const ERROR_ENVELOPE: Json = {
  type: "object",
  required: ["code", "message", "data", "success"],
  properties: {
    code: { type: "integer", description: "错误码（见各响应的说明）" },
    message: { type: "string", description: "中文提示" },
    data: { description: "校验失败时为 {errors: [{field, message}]}，否则 null" },
    success: { type: "boolean", const: false },
  },
};

/** A staff operation's callers: a session (its cookie and signature together), or a machine's API token. */
export const STAFF_SECURITY: Json[] = [{ signature: [], cookie: [] }, { apiToken: [] }];

/** The marker every call other than GET carries when made with a session cookie (DESIGN.md): without it, 403 and nothing done. */
const XHR_MARKER: Json = {
  name: "X-Requested-With",
  in: "header",
  required: false,
  description: "防跨站请求标记：用会话 Cookie 调用时（员工端与住户端），GET 以外的每个调用都要带上（缺少时 403，什么也不做）；用应用令牌（Authorization: Bearer）调用时不需要",
  schema: { type: "string", const: "XMLHttpRequest" },
};

/** What the operations refer to instead of repeating it (a document of a thousand operations stays light for Swagger UI). */
export const errorComponents = { schemas: { ErrorEnvelope: ERROR_ENVELOPE }, parameters: { XRequestedWith: XHR_MARKER } };
const errorEnvelope: Json = { $ref: "#/components/schemas/ErrorEnvelope" };
export const XHR_MARKER_PARAMETER: Json = { $ref: "#/components/parameters/XRequestedWith" };

/**
 * What the edge's input guard refuses in any request, whatever the operation reads (a query string
 * or a body may come with every call): a URL that does not decode, a repeated query parameter,
 * unstorable text, a number past the safe integers, a body nested too deep (input-guard.ts).
 */
const INPUT_GUARD = ["BAD_REQUEST", "DUPLICATE_PARAM", "BAD_TEXT", "BAD_NUMBER", "TOO_DEEP"];

/**
 * The refusals the edge answers before any handler runs: unsafe input, a body too large or of a type
 * no parser takes (any method but GET may carry one), not signed in, no permission, no XHR marker,
 * invalid input.
 */
export function edgeRefusals(edge: { body: boolean; signedIn: boolean; permission: boolean; marker: boolean; input: boolean }): string[] {
  return [
    ...INPUT_GUARD,
    ...(edge.body ? ["PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"] : []),
    ...(edge.signedIn ? ["NOT_LOGGED_IN"] : []),
    ...(edge.permission ? ["NO_PERMISSION"] : []),
    ...(edge.marker ? ["MISSING_XHR_MARKER"] : []),
    ...(edge.input ? ["VALIDATION_FAILED"] : []),
  ];
}

/** The answers an operation may give besides 200, one per HTTP status, each naming its codes (schemas/errors.yaml). */
export function errorResponses(model: Pick<Model, "errorCodes">, codes: readonly string[], extra: Readonly<Record<string, string>> = {}): Json {
  const responses: Record<string, { description: string; content: Json }> = {};
  const add = (status: string, line: string) => {
    responses[status] = responses[status]
      ? { ...responses[status], description: `${responses[status].description}；${line}` }
      : { description: line, content: { "application/json": { schema: errorEnvelope } } };
  };
  for (const code of new Set(codes)) {
    const def = model.errorCodes[code];
    add(String(def.status), `${code} (${def.code}) ${def.message}`);
  }
  for (const [status, line] of Object.entries(extra)) add(status, line);
  return responses;
}

/** Who may call an operation, in words (its x-authority says the same as data). */
export function authorityText(authority: string | readonly string[]): string {
  if (typeof authority !== "string") return `调用者需要权限码 ${authority.join("、")} 之一。`;
  if (authority === "public") return "公开接口：无需登录。";
  if (authority === "signedIn") return "登录即可调用。";
  if (authority === "anyCode") return "调用者需要至少一个功能权限码。";
  if (authority === "resident") return "住户登录（住户会话 Cookie）后调用，只涉及其已绑定的房屋。";
  return `调用者需要权限码 ${authority}。`;
}

export function addOperationsToOpenApi(doc: Json, model: Model, ops: OperationModel[]): void {
  const envelope = (data: Json): Json => ({
    type: "object",
    required: ["code", "message", "data", "success"],
    properties: { code: { type: "integer", description: "0 成功" }, message: { type: "string" }, data, success: { type: "boolean" } },
  });
  const declared = new Set((doc.tags ?? []).map((t: Json) => t.name));
  doc.tags = [...(doc.tags ?? []), ...[...new Set(ops.map((o) => o.tag))].filter((name) => !declared.has(name)).map((name) => ({ name, description: `${name}（按业务声明的接口）` }))];
  for (const op of ops) {
    const parameters: Json[] = [];
    for (const part of ["params", "query"] as const) {
      const schema = partSchema(model, op, part);
      for (const [name, s] of Object.entries<Json>(schema?.properties ?? {})) {
        parameters.push({
          name,
          in: part === "params" ? "path" : "query",
          required: part === "params" || (schema!.required ?? []).includes(name),
          schema: s,
          ...(s.description ? { description: s.description } : {}),
        });
      }
    }
    const body = partSchema(model, op, "body");
    // A gateway's callback (caller: server) carries no marker; every other call but GET does.
    const marker = op.method !== "GET" && !op.caller;
    if (marker) parameters.push(XHR_MARKER_PARAMETER);
    const byCode = Array.isArray(op.authority) || !["public", "signedIn", "resident"].includes(op.authority);
    // The scope guard answers a community or row of the input it cannot find as missing (404), and a
    // community outside a limited user's scope with the 403 marker; a path parameter that is no id, 404.
    const scoped = typeof op.scope === "object" && op.scope.checks.length > 0;
    const edge = edgeRefusals({
      body: op.method !== "GET",
      signedIn: op.authority !== "public",
      permission: byCode || (scoped && op.authority !== "resident"),
      marker,
      input: Boolean(body || parameters.length),
    });
    const codes = [...op.errors, ...edge, ...(scoped || op.path.includes(":") ? ["NOT_FOUND"] : [])];
    const responses: Json = {
      "200": op.envelope
        ? { description: "成功", content: { "application/json": { schema: envelope(wireData(op.data)) } } }
        : { description: "成功", content: { [op.contentType ?? "application/json"]: { schema: wireData(op.data) } } },
      ...errorResponses(model, codes),
    };
    const entry: Json = {
      operationId: op.name,
      tags: [op.tag],
      summary: op.summary,
      description: [op.description, authorityText(op.authority)].filter(Boolean).join("\n\n"),
      ...(op.authority === "public" ? { security: [] } : op.authority === "resident" ? { security: [{ residentCookie: [] }] } : { security: STAFF_SECURITY }),
      "x-authority": op.authority,
      ...(op.beforePasswordChange ? { "x-before-password-change": true } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: (body.required ?? []).length > 0, content: { "application/json": { schema: body } } } } : {}),
      ...(op.upload ? { requestBody: uploadBody(op.upload) } : {}),
      responses,
    };
    const path = openApiPath(op.path);
    doc.paths[path] = { ...(doc.paths[path] ?? {}), [op.method.toLowerCase()]: entry };
  }
}

/** An upload's request body as the document states it: the file itself, one of the media types. */
const uploadBody = (types: readonly string[]): Json => ({
  required: true,
  description: "文件本身作为请求体（不是 multipart 表单）",
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
});

const HEADER = "GENERATED by scripts/codegen from schemas/ — do not edit by hand; run npm run codegen.";

// json-schema-to-typescript takes most of a run's emit time, and the same schema gives the same
// type: a long-lived process (the codegen tests) converts each schema once.
const tsTypes = new Map<string, Promise<string>>();
const TS_TYPES_MAX = 5000;

function tsType(schema: Json | undefined, name: string): Promise<string> {
  const key = `${name}\0${JSON.stringify(schema ?? null)}`;
  let type = tsTypes.get(key);
  if (!type) {
    type = convertToTs(schema, name);
    if (tsTypes.size >= TS_TYPES_MAX) tsTypes.clear();
    tsTypes.set(key, type);
  }
  return type;
}

async function convertToTs(schema: Json | undefined, name: string): Promise<string> {
  if (!schema) return `export type ${name} = Record<string, never>;\n`;
  return jsonSchemaToTs({ ...schema, title: name }, name, {
    bannerComment: "",
    additionalProperties: false,
    format: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    strictIndexSignatures: false,
    ignoreMinAndMaxItems: true,
  });
}

/** The react-query helpers of generated/api-client.ts: their types per operation, one loop at run time (see QUERIES_DOC). */
const QUERIES_DOC =
  `/**\n` +
  ` * The react-query helpers of one operation (createApiQueries): N its name, A its input argument, D its data,\n` +
  ` * O the transport's options (silent, loading...: never part of a key).\n` +
  ` *   - key: [name], the prefix of every key the operation makes: invalidating it refetches all of the\n` +
  ` *     operation's cached answers, whatever their input;\n` +
  ` *   - queryKey(input): [name, input] ({} without input): stable, react-query hashes a key with its object\n` +
  ` *     keys sorted, so two equal inputs share one cache entry;\n` +
  ` *   - queryOptions(input, options): that key and the call, for useQuery, fetchQuery or prefetchQuery.\n` +
  ` */\n`;
const MUTATIONS_DOC = `/** Every operation but a GET can also be a mutation: the call as mutationFn, its input as the variables. */\n`;
const CREATE_QUERIES_DOC =
  `/**\n` +
  ` * The react-query helpers of every operation, over a client made by createApiClient. Every operation can be\n` +
  ` * read as a query (the schemas do not mark which POST only reads: list, tree, statistics, pageList), so\n` +
  ` * the page says what a call is: useQuery for a read, useMutation for a write (which then invalidates the\n` +
  ` * keys of the reads it changes). A GET is never a mutation: only the other methods have mutationOptions.\n` +
  ` */\n`;

/** The part of generated/api-client.ts after the client: the helpers' types, ApiQueries (one line per operation) and createApiQueries. */
function queriesModule(entries: string[]): string {
  return (
    QUERIES_DOC +
    `export interface QueryHelpers<N extends string, A extends [input?: object], D, O> {\n` +
    `  key: readonly [N];\n` +
    `  queryKey: (...input: A) => readonly [N, object];\n` +
    `  queryOptions: (...args: [...A, options?: O]) => { queryKey: readonly [N, object]; queryFn: () => Promise<D> };\n` +
    `}\n\n` +
    MUTATIONS_DOC +
    `export interface MutationHelpers<N extends string, A extends [input?: object], D, O> {\n` +
    `  mutationOptions: (options?: O) => { mutationKey: readonly [N]; mutationFn: (...input: A) => Promise<D> };\n` +
    `}\n\n` +
    `/** The helpers of each operation, by name. */\n` +
    `export interface ApiQueries<O = unknown> {\n${entries.join("\n")}\n}\n\n` +
    CREATE_QUERIES_DOC +
    `export function createApiQueries<O = unknown>(client: ApiClient<O>): ApiQueries<O> {\n` +
    `  const helpers: Record<string, object> = {};\n` +
    `  for (const [name, { method }] of Object.entries(operationRoutes)) {\n` +
    `    const call = client[name as keyof ApiClient<O>] as unknown as (input?: object, options?: O) => Promise<unknown>;\n` +
    `    const queryKey = (input?: object) => [name, input ?? {}];\n` +
    `    const query = { key: [name], queryKey, queryOptions: (input?: object, options?: O) => ({ queryKey: queryKey(input), queryFn: () => call(input, options) }) };\n` +
    `    helpers[name] = method === "GET" ? query : { ...query, mutationOptions: (options?: O) => ({ mutationKey: [name], mutationFn: (input?: object) => call(input, options) }) };\n` +
    `  }\n` +
    `  return helpers as unknown as ApiQueries<O>;\n` +
    `}\n\n`
  );
}

/** One operation's line of ApiQueries. */
function operationQueries(op: OperationModel, inputType: string, optional: boolean): string {
  const args = `${JSON.stringify(op.name)}, [input${optional ? "?" : ""}: ${inputType}], ${pascal(op.name)}Data, O`;
  const type = `QueryHelpers<${args}>${op.method === "GET" ? "" : ` & MutationHelpers<${args}>`}`;
  return `  /** ${op.summary} (${op.method} ${op.path}) */\n  ${op.name}: ${type};`;
}

/**
 * The type of the community the scope guard hands the handler (OperationContext.community): always
 * there when a single-id community input is required (path parameters always are), possibly null
 * when it may be absent, null when the operation names no community.
 */
function communityType(op: OperationModel): string {
  const scope = op.scope;
  const single = typeof scope === "object" ? scope.checks.filter((c) => c.table === "communities" && !c.many) : [];
  if (!single.length) return "null";
  const required = single.some((c) => c.part === "params" || ((op.input[c.part]?.required as string[] | undefined) ?? []).includes(c.key));
  return required ? "CheckedCommunity" : "CheckedCommunity | null";
}

/**
 * generated/h5-client.ts: the residents' app's typed client (docs/residents.md), the resident operations
 * only (those of generated/h5-openapi.json), over the same transport contract as the staff client and
 * without its react-query helpers: the residents' bundle carries only its own routes.
 */
function h5ClientModule(ops: OperationModel[], lines: Map<string, { line: string; types: string[] }>): string {
  const types = ops.flatMap((op) => lines.get(op.name)!.types);
  return (
    `// ${HEADER}\n// Source: schemas/operations/*.yaml (the operations under ${H5_PREFIX})\n` +
    `// The residents' app's typed client: one function per resident operation, typed input in, typed data out.\n` +
    `// It builds no request itself: the injected transport (the residents' app's request wrapper) performs the call.\n` +
    `import type { Transport } from "./api-client.ts";\n` +
    `import type {\n${types.map((t) => `  ${t},`).join("\n")}\n} from "./operation-types.ts";\n\n` +
    `/** The client's functions, one per resident operation. */\nexport interface H5Client<O = unknown> {\n${ops.map((op) => lines.get(op.name)!.line).join("\n")}\n}\n\n` +
    `/** The client over a transport, its functions made from h5Routes. */\n` +
    `export function createH5Client<O = unknown>(transport: Transport<O>): H5Client<O> {\n` +
    `  const client: Record<string, (input?: object, options?: O) => Promise<unknown>> = {};\n` +
    `  for (const [name, { method, path }] of Object.entries(h5Routes)) client[name] = (input, options) => transport({ name, method, path, ...input }, options);\n` +
    `  return client as unknown as H5Client<O>;\n}\n\n` +
    `/** Method and path of every resident operation. */\n` +
    `const h5Routes = ${JSON.stringify(Object.fromEntries(ops.map((o) => [o.name, { method: o.method, path: o.path }])), null, 2)} as const;\n`
  );
}

/** generated/operations.ts, operation-types.ts, api-client.ts, h5-client.ts, validators/operations.{js,d.ts} and validators/operation-coercion.js. */
export async function emitOperations(model: Model, ops: OperationModel[]): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const types: string[] = [];
  const map: string[] = [];
  const client: string[] = [];
  const queries: string[] = [];
  const table: Record<string, Json> = {};
  const specs: ValidatorSpec[] = [];
  const coercions: ValidatorSpec[] = [];
  const typeImports: string[] = [];
  const staffTypeImports: string[] = [];
  const clientLines = new Map<string, { line: string; types: string[] }>();
  for (const op of ops) {
    const P = pascal(op.name);
    const parts: Partial<Record<InputPart, Json>> = {};
    // What a client sends where it differs from what the handler gets (integers also as their text).
    const sent: Partial<Record<InputPart, Json>> = {};
    // Money inputs and money nodes of the answer (any depth): converted by the route helper.
    const moneyIn: Partial<Record<InputPart, string[]>> = {};
    // The parts as the wire has them (the route table's schema); `parts`: as the handler gets them.
    const wired: Partial<Record<InputPart, Json>> = {};
    const moneyOut = moneyPaths(op.data, "");
    for (const part of PARTS) {
      const schema = partSchema(model, op, part);
      if (schema) wired[part] = schema;
      if (schema) parts[part] = handlerMoney(schema);
      const money = op.input[part] ? moneyPaths(op.input[part], "") : [];
      if (money.length) moneyIn[part] = money;
      if (schema && JSON.stringify(sentSchema(schema)) !== JSON.stringify(parts[part])) sent[part] = sentSchema(schema);
      const spec = partValidator(model, op, part);
      if (spec) specs.push(spec);
      const coercion = partCoercion(op, part);
      if (coercion) coercions.push(coercion);
    }
    types.push(await tsType(parts.params, `${P}Params`), await tsType(parts.query, `${P}Query`), await tsType(parts.body, `${P}Body`));
    for (const part of PARTS) if (sent[part]) types.push(await tsType(sent[part], `${P}${pascal(part)}Input`));
    types.push(await tsType(wireData(op.data), `${P}Data`));
    if (moneyOut.length) types.push(await tsType(handlerMoney(op.data), `${P}Result`));
    typeImports.push(...["Params", "Query", "Body"].map((s) => `${P}${s}`), ...PARTS.filter((p) => sent[p]).map((p) => `${P}${pascal(p)}Input`), `${P}Data`);
    map.push(`  ${op.name}: { params: ${P}Params; query: ${P}Query; body: ${P}Body; data: ${P}Data; result: ${P}${moneyOut.length ? "Result" : "Data"}; community: ${communityType(op)} };`);
    table[op.name] = {
      name: op.name,
      domain: op.domain,
      method: op.method,
      path: op.path,
      summary: op.summary,
      authority: op.authority,
      envelope: op.envelope,
      ...(op.beforePasswordChange ? { beforePasswordChange: true } : {}),
      ...(op.caller ? { caller: op.caller } : {}),
      ...(op.successMessage ? { successMessage: op.successMessage } : {}),
      ...(op.contentType ? { contentType: op.contentType } : {}),
      ...(op.upload ? { upload: op.upload } : {}),
      errors: op.errors,
      ...(op.scope ? { scope: op.scope } : {}),
      ...(Object.keys(moneyIn).length || moneyOut.length ? { money: { ...moneyIn, ...(moneyOut.length ? { data: moneyOut } : {}) } } : {}),
      schema: { ...(wired.params ? { params: wired.params } : {}), ...(wired.query ? { querystring: wired.query } : {}), ...(wired.body ? { body: wired.body } : {}) },
    };
    const inputParts = PARTS.filter((p) => parts[p]);
    const partRequired = (p: InputPart) => (parts[p]!.required ?? []).length > 0;
    const inputType = op.upload
      ? `{ body: Blob${inputParts.length ? `; ${inputParts.map((p) => `${p}${partRequired(p) ? "" : "?"}: ${P}${pascal(p)}${sent[p] ? "Input" : ""}`).join("; ")}` : ""} }`
      : inputParts.length
        ? `{ ${inputParts.map((p) => `${p}${partRequired(p) ? "" : "?"}: ${P}${pascal(p)}${sent[p] ? "Input" : ""}`).join("; ")} }`
        : "Record<string, never>";
    const optional = !op.upload && !inputParts.some(partRequired);
    const clientLine = `  /** ${op.summary} (${op.method} ${op.path}) */\n  ${op.name}: (input${optional ? "?" : ""}: ${inputType}, options?: O) => Promise<${P}Data>;`;
    const opTypes = typeImports.slice(typeImports.indexOf(`${P}Params`));
    clientLines.set(op.name, { line: clientLine, types: opTypes });
    // The residents' operations are the residents' client's alone (h5-client.ts): the staff client has none of them.
    if (isResidentOperation(op)) continue;
    client.push(clientLine);
    staffTypeImports.push(...opTypes);
    queries.push(operationQueries(op, inputType, optional));
  }
  files["operation-types.ts"] =
    `// ${HEADER}\n// Source: schemas/operations/*.yaml\n` +
    `// <Name>Params, <Name>Query, <Name>Body: what the handler gets (integers as numbers, converted at the edge);\n` +
    `// <Name>ParamsInput, ...: where it differs, what a client may send (an integer also as its decimal text).\n${types
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd()}\n\n` +
    `/** A community of the session's tenant (and scope) that the operation's input names, checked by the scope guard. */\n` +
    `export interface CheckedCommunity {\n  id: number;\n  name: string;\n}\n\n` +
    `/** Every operation's input parts, answer data and checked community, by operation name. */\nexport interface OperationTypes {\n${map.join("\n")}\n}\n`;
  files["operations.ts"] =
    `// ${HEADER}\n// Source: schemas/operations/*.yaml\n` +
    `/** One declared operation: the Fastify route and its schema (validated by generated/validators/operations.js). */\n` +
    `export interface OperationRoute {\n  name: string;\n  domain: string;\n  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";\n  /** Fastify style (:name). */\n  path: string;\n  summary: string;\n` +
    `  /** "public", "signedIn", "anyCode" (some permission code), a permission code, any of a list of codes, or "resident" (a resident's session, docs/residents.md). */\n  authority: string | readonly string[];\n  /** false: the answer is the data itself (no {code, message, data, success}). */\n  envelope: boolean;\n` +
    `  /** Reachable by a session that must first change its password (the password gate's calls). */\n  beforePasswordChange?: true;\n` +
    `  /** Called by another server (a gateway's callback): public, no XHR marker, the body as received. */\n  caller?: "server";\n` +
    `  /** Key of the errors.yaml messages the success envelope carries. */\n  successMessage?: string;\n  contentType?: string;\n  /** The body is a file of these media types (the bytes themselves, a Buffer in the handler). */\n  upload?: readonly string[];\n  errors: readonly string[];\n` +
    `  /** How it keeps to a user limited to some communities (src/server/platform/http/operation-scope.ts). */\n  scope?: "tenant" | "session" | { checks: readonly { resource: string; table: string; part: "params" | "query" | "body"; key: string; many?: true }[]; whenAbsent: "refuse" | "handler" };\n` +
    `  /** Money the route helper converts (format: money): input paths yuan -> fen, answer paths fen -> yuan ("list[].amount"). */\n  money?: { params?: readonly string[]; query?: readonly string[]; body?: readonly string[]; data?: readonly string[] };\n` +
    `  schema: { params?: Record<string, any>; querystring?: Record<string, any>; body?: Record<string, any> };\n}\n\n` +
    `export const operations = ${JSON.stringify(table, null, 2)} as const satisfies Record<string, OperationRoute>;\n\n` +
    `export type OperationName = keyof typeof operations;\n`;
  files["api-client.ts"] =
    `// ${HEADER}\n// Source: schemas/operations/*.yaml\n` +
    `// The typed client of the declared operations: one function per operation, typed input in, typed data out.\n` +
    `// It builds no request itself: the injected transport (the web app's request wrapper) performs the call.\n` +
    `// createApiQueries adds the react-query helpers of each operation (query key, query options, mutation options).\n` +
    `import type {\n${staffTypeImports.map((t) => `  ${t},`).join("\n")}\n} from "./operation-types.ts";\n\n` +
    `/** What the transport is asked to do: the route (path with :names) and the input parts. */\n` +
    `export interface OperationCall {\n  name: string;\n  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";\n  path: string;\n  params?: object;\n  query?: object;\n  body?: unknown;\n}\n\n` +
    `export type Transport<O> = (call: OperationCall, options?: O) => Promise<unknown>;\n\n` +
    `/** The client's functions, one per operation: typed input in, typed data out. */\nexport interface ApiClient<O = unknown> {\n${client.join("\n")}\n}\n\n` +
    `/** The client over a transport, its functions made from operationRoutes (one table in the bundle, not a function written out per operation). */\n` +
    `export function createApiClient<O = unknown>(transport: Transport<O>): ApiClient<O> {\n` +
    `  const client: Record<string, (input?: object, options?: O) => Promise<unknown>> = {};\n` +
    `  for (const [name, { method, path }] of Object.entries(operationRoutes)) client[name] = (input, options) => transport({ name, method, path, ...input }, options);\n` +
    `  return client as unknown as ApiClient<O>;\n}\n\n` +
    queriesModule(queries) +
    `/** Method and path of every operation (for the few places that need the address itself, e.g. a link). */\n` +
    `export const operationRoutes = ${JSON.stringify(Object.fromEntries(ops.filter((o) => !isResidentOperation(o)).map((o) => [o.name, { method: o.method, path: o.path }])), null, 2)} as const;\n`;
  files["h5-client.ts"] = h5ClientModule(ops.filter(isResidentOperation), clientLines);
  const metaOf = (s: ValidatorSpec) => ({ messages: s.messages, required: s.required, numericFields: s.numericFields });
  const coerced = new Set(coercions.map((c) => c.exportName));
  files["validators/operation-coercion.js"] =
    `// ${HEADER}\n// Source: schemas/operations/*.yaml (ajv standalone code, coerceTypes: the integers and numbers of an input part, given as text)\n` +
    `${compileStandalone(coercions, { coerceTypes: true })}\n`;
  files["validators/operations.js"] =
    `// ${HEADER}\n// Source: schemas/operations/*.yaml, schemas/rules.yaml (ajv standalone code)\n` +
    `${compileStandalone(specs)}\nimport * as coercion from "./operation-coercion.js";\n` +
    `const metas = ${JSON.stringify(Object.fromEntries(specs.map((s) => [s.exportName, metaOf(s)])))};\n` +
    `/** The validator of each operation's input part, by "<operation>_<params|query|body>", with its coercion pass where it has integers. */\n` +
    `export const operationValidators = {\n${specs.map((s) => `  ${s.exportName}: { validate: ${s.exportName}, meta: metas.${s.exportName}${coerced.has(s.exportName) ? `, coerce: coercion.${s.exportName}` : ""} },`).join("\n")}\n};\n`;
  files["validators/operations.d.ts"] =
    `// ${HEADER}\n// Source: schemas/operations/*.yaml\nimport type { CompiledValidator } from "./types.ts";\nexport declare const operationValidators: Record<string, CompiledValidator>;\n`;
  return files;
}
