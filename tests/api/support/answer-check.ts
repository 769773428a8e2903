// Every answer an API test receives is checked against the document of its operation and status
// (generated/openapi.json for the staff API, generated/h5-openapi.json for the residents' app): the
// status must be one the operation declares and a JSON answer must match that status's schema. A
// problem names the operation and the field. TestServer.request (server.ts) runs the check on every
// answer and fails the request's test with the problems it finds. Each schema is compiled once, on
// its first use, by one Ajv instance per document.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { h5Openapi, openapi, type OpenApiDocument } from "../../../scripts/check/openapi-document.ts";

type Responses = Record<string, { content?: Record<string, unknown> }>;
interface Operation {
  operationId?: string;
  responses?: Responses;
}

/**
 * The paths no document describes, and why: their answers are not checked. Every other path is
 * looked up in its document, and an answer on a path the document lacks is itself a problem (a 404
 * or 405 apart: the router's, for a path or method no route has).
 */
const UNDOCUMENTED: readonly { prefix: string; why: string }[] = [
  { prefix: "/neptune", why: "the web apps' pages and files (and their redirects), not an API" },
  { prefix: "/api/test", why: "routes a test registers on its own server (a handler that fails, to see the 500)" },
  { prefix: "/api/property/testFees", why: "the resource crud.money.spec.ts adds to its own server's route table" },
  { prefix: "/sandbox", why: "the sandbox payment gateways: they speak WeChat Pay's and Alipay's own wire formats, which those gateways document" },
];

/** One of UNDOCUMENTED's, or the root, which only redirects to the web app. */
const undocumented = (path: string) => path === "/" || UNDOCUMENTED.some((u) => path === u.prefix || path.startsWith(`${u.prefix}/`));

/**
 * Operations whose answers still drift from the document, each with what drifts: their problems are
 * not reported (the to-do list of this check). Empty: every answer is checked.
 */
const STILL_DRIFTING: ReadonlyMap<string, string> = new Map<string, string>([]);

// The document's own keywords (x-…) and OpenAPI's are no JSON Schema: not strict; formats are documentation.
function compilerFor(doc: OpenApiDocument, id: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, id);
  return ajv;
}

interface Documented {
  doc: OpenApiDocument;
  ajv: Ajv2020;
  id: string;
  /** The document's path templates as patterns, the static ones first, then by fewer parameters. */
  templates: { template: string; pattern: RegExp; params: number }[];
}

function documented(doc: OpenApiDocument, id: string): Documented {
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{[^}]+\}/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return { doc, id, ajv: compilerFor(doc, id), templates };
}

let staff: Documented | undefined;
let h5: Documented | undefined;
const validators = new Map<string, ValidateFunction | undefined>();

const pointer = (...steps: string[]) => steps.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The document a concrete path belongs to: the residents' app's under /api/h5, else the staff one. */
function documentOf(path: string): Documented {
  if (path === "/api/h5" || path.startsWith("/api/h5/")) return (h5 ??= documented(h5Openapi, "h5-openapi.json"));
  return (staff ??= documented(openapi, "openapi.json"));
}

/** The document's path template a concrete URL (with its query string, if any) answers to. */
export function templateOf(url: string): string | undefined {
  const path = url.split(/[?#]/, 1)[0];
  const d = documentOf(path);
  if (d.doc.paths[path]) return path;
  return d.templates.find((t) => t.pattern.test(path))?.template;
}

/** Whether the answer is JSON by its content type. */
const isJson = (contentType: unknown) => typeof contentType === "string" && /^application\/([\w.+-]+\+)?json\b/i.test(contentType);

/**
 * What is wrong with an answer, as the document states its operation: no such operation, a status it
 * does not declare, a JSON body that does not match the status's schema. An empty list: nothing.
 * `contentType` undefined is taken as JSON (a caller holding only the parsed body).
 */
export function answerProblems(method: string, url: string, status: number, body: unknown, contentType: unknown = "application/json"): string[] {
  const path = url.split(/[?#]/, 1)[0];
  if (undocumented(path)) return [];
  const d = documentOf(path);
  const lower = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const template = templateOf(path);
  const operation = template ? (d.doc.paths[template] as Record<string, Operation>)[lower] : undefined;
  if (!template || !operation?.responses) {
    // A path or method the server does not route answers 404 (or 405) before any operation: nothing to check but that.
    if (status === 404 || status === 405) return [];
    return [`${method} ${path}: answered ${status} on a path the document does not have`];
  }
  const name = `${operation.operationId ?? "?"} (${method} ${template})`;
  if (operation.operationId && STILL_DRIFTING.has(operation.operationId)) return [];
  if (!(String(status) in operation.responses)) return [`${name}: answered ${status}, which the document does not declare`];
  const declared = operation.responses[String(status)].content ?? {};
  // Only JSON is checked field by field; a file, a page or a redirect only for its status.
  if (method.toUpperCase() === "HEAD" || !isJson(contentType)) return [];
  const media = Object.keys(declared).find(isJson);
  if (!media) return Object.keys(declared).length ? [`${name} ${status}: answered JSON, the document declares ${Object.keys(declared).join(", ")}`] : [];
  const ref = `${d.id}#/${pointer("paths", template, lower, "responses", String(status), "content", media, "schema")}`;
  if (!validators.has(ref)) validators.set(ref, d.ajv.getSchema(ref));
  const validate = validators.get(ref);
  if (!validate) return [`${name}: no schema for ${status}`];
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${name} ${status}: ${e.instancePath || "/"} ${e.message ?? ""}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
}

/** The error a request throws when its answer does not match the document. */
export class AnswerDriftError extends Error {
  constructor(readonly problems: string[]) {
    super(`the answer does not match the document:\n  ${problems.join("\n  ")}`);
    this.name = "AnswerDriftError";
  }
}
