// Reads the YAML sources and checks each against its meta-schema, so a typo fails with the file,
// the path inside it, the line and what is wrong.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { parseDocument, isNode, type Document } from "yaml";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";

export class SchemaError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

export interface SourceFile<T = unknown> {
  file: string; // path relative to the project root
  data: T;
  doc: Document;
}

const KINDS = ["rules", "mappings", "permissions", "errors", "constants"] as const;
export type GlobalKind = (typeof KINDS)[number];

export interface Sources {
  modules: SourceFile<any>[];
  globals: Record<GlobalKind, SourceFile<any>>;
}

function lineOf(doc: Document, instancePath: string): number | undefined {
  const segments = instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  for (let n = segments.length; n >= 0; n--) {
    const node = doc.getIn(segments.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s)), true);
    if (isNode(node) && node.range) return lineFromOffset(docSource.get(doc) ?? "", node.range[0]);
  }
  return undefined;
}

const docSource = new WeakMap<Document, string>();

function lineFromOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export function describeAjvError(file: string, doc: Document, e: ErrorObject): string {
  const line = lineOf(doc, e.instancePath);
  const where = e.instancePath || "/";
  let what = e.message ?? "is invalid";
  if (e.keyword === "additionalProperties") what = `unknown property "${(e.params as any).additionalProperty}"`;
  if (e.keyword === "enum") what = `must be one of ${JSON.stringify((e.params as any).allowedValues)}`;
  if (e.keyword === "required") what = `missing required property "${(e.params as any).missingProperty}"`;
  return `${file}${line ? `:${line}` : ""}: at ${where}: ${what}`;
}

function parseYaml(root: string, path: string): SourceFile {
  const text = readFileSync(path, "utf8");
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  docSource.set(doc, text);
  const file = relative(root, path);
  if (doc.errors.length) {
    throw new SchemaError(doc.errors.map((e) => `${file}:${e.linePos?.[0]?.line ?? "?"}: YAML error: ${e.message.split("\n")[0]}`));
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
  for (const name of readdirSync(moduleDir).filter((f) => f.endsWith(".yaml")).sort()) {
    const source = parseYaml(root, join(moduleDir, name));
    check(source, moduleMeta);
    modules.push(source);
  }
  if (problems.length) throw new SchemaError(problems);
  return { modules, globals };
}
