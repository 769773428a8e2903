// Reads the YAML sources and checks each against its meta-schema, so a typo fails with the file,
// the path inside it, the line and column and what is wrong. position() gives later checks
// (model.ts) the same file:line:column for any path inside a source.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { parseDocument, isMap, isNode, isScalar, LineCounter, type Document } from "yaml";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";

export class SchemaError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/**
 * A value read from a YAML source. Its shape is checked against the meta-schemas before any
 * builder reads it, so the builders walk it as the schema describes instead of re-typing every node.
 */
export type Yaml = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed YAML, shape checked by the meta-schemas first

export interface SourceFile<T = unknown> {
  file: string; // path relative to the project root
  data: T;
  doc: Document;
}

const KINDS = ["rules", "mappings", "permissions", "errors", "constants", "texts"] as const;
export type GlobalKind = (typeof KINDS)[number];

export interface Sources {
  modules: SourceFile<Yaml>[];
  globals: Record<GlobalKind, SourceFile<Yaml>>;
}

/** A path inside a YAML document: keys and array indexes. */
export type YamlPath = (string | number)[];

const lineCounters = new WeakMap<Document, LineCounter>();

/** "line:column" of the deepest node of `path` the document has (its start), or undefined. */
function lineColOf(doc: Document, path: YamlPath): string | undefined {
  const counter = lineCounters.get(doc);
  if (!counter) return undefined;
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) {
      const { line, col } = counter.linePos(node.range[0]);
      return `${line}:${col}`;
    }
  }
  return undefined;
}

/** "file:line:column" of a path inside a source file (the file alone when the position is unknown). */
export function position(source: Pick<SourceFile, "file" | "doc">, path: YamlPath): string {
  const at = lineColOf(source.doc, path);
  return at ? `${source.file}:${at}` : source.file;
}

/** "file:line:column" of the key that ends `path` (a name being defined), else of its value. */
export function keyPosition(source: Pick<SourceFile, "file" | "doc">, path: YamlPath): string {
  const parent = source.doc.getIn(path.slice(0, -1), true);
  const counter = lineCounters.get(source.doc);
  if (isMap(parent) && counter) {
    const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[path.length - 1]);
    if (isScalar(pair?.key) && pair.key.range) {
      const { line, col } = counter.linePos(pair.key.range[0]);
      return `${source.file}:${line}:${col}`;
    }
  }
  return position(source, path);
}

/** A JSON pointer ("/resources/0/name") as a YAML path. */
function pointerPath(instancePath: string): YamlPath {
  return instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

export function describeAjvError(file: string, doc: Document, e: ErrorObject): string {
  const at = position({ file, doc }, pointerPath(e.instancePath));
  const where = e.instancePath || "/";
  let what = e.message ?? "is invalid";
  if (e.keyword === "additionalProperties") what = `unknown property "${e.params.additionalProperty}"`;
  if (e.keyword === "enum") what = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
  if (e.keyword === "required") what = `missing required property "${e.params.missingProperty}"`;
  return `${at}: at ${where}: ${what}`;
}

// One run reads most sources two or three times (the model, the pattern check, the operations), and
// the codegen tests run codegen dozens of times on copies that differ in one file: a text already
// parsed is not parsed again. Nothing writes to a parsed Document, so one can be shared; its plain
// data is made anew for each caller. Bounded, so a long-lived process cannot keep every text.
const parsed = new Map<string, Document>();
const PARSED_MAX = 1000;

/** The YAML document of `text` (with its line positions when `prettyErrors`), parsed once per text. */
export function parseYamlText(text: string, prettyErrors: boolean): Document {
  const key = `${prettyErrors ? 1 : 0}${text}`;
  let doc = parsed.get(key);
  if (!doc) {
    const lineCounter = new LineCounter();
    doc = parseDocument(text, { prettyErrors, uniqueKeys: true, lineCounter });
    lineCounters.set(doc, lineCounter);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(key, doc);
  }
  return doc;
}

/** Parses one YAML source with its line positions (position() and keyPosition() read them). */
export function parseYaml(root: string, path: string): SourceFile {
  const doc = parseYamlText(readFileSync(path, "utf8"), true);
  const file = relative(root, path);
  if (doc.errors.length) {
    const at = (e: (typeof doc.errors)[number]) => (e.linePos?.[0] ? `${e.linePos[0].line}:${e.linePos[0].col}` : "?");
    throw new SchemaError(doc.errors.map((e) => `${file}:${at(e)}: YAML error: ${e.message.split("\n")[0]}`));
  }
  return { file, data: doc.toJS(), doc };
}

export function loadSources(root: string): Sources {
  const schemaDir = join(root, "schemas");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const meta = (name: string) => {
    const source = parseYaml(root, join(schemaDir, "meta", `${name}.schema.yaml`));
    return ajv.compile(source.data as object);
  };
  const problems: string[] = [];
  const check = (source: SourceFile, validate: ReturnType<typeof meta>) => {
    if (!validate(source.data)) {
      for (const e of validate.errors ?? []) problems.push(describeAjvError(source.file, source.doc, e));
    }
  };

  const globals = {} as Sources["globals"];
  for (const kind of KINDS) {
    const path = join(schemaDir, `${kind}.yaml`);
    if (!existsSync(path)) {
      problems.push(`schemas/${kind}.yaml: file is missing`);
      continue;
    }
    const source = parseYaml(root, path);
    check(source, meta(kind));
    globals[kind] = source;
  }

  const moduleMeta = meta("module");
  const moduleDir = join(schemaDir, "modules");
  const modules: SourceFile[] = [];
  for (const name of readdirSync(moduleDir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    const source = parseYaml(root, join(moduleDir, name));
    check(source, moduleMeta);
    modules.push(source);
  }
  if (problems.length) throw new SchemaError(problems);
  return { modules, globals };
}
