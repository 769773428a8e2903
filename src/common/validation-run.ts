// Running one generated ajv validator (no validator is imported here, so the web app can load only
// the one a form needs; src/common/validate.ts has them all for the server).
// Numbers are checked as their decimal text (spec §5 rules read what the user typed), and each
// error carries the exact Chinese message of the first check its field failed.
import type { CompiledValidator } from "../../generated/validators/types.ts";

export interface FieldError {
  field: string;
  message: string;
}

/** Copy of the payload with numeric fields as text, so the text rules can read them. */
export function normalizeForValidation(payload: Record<string, unknown>, numericFields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  for (const f of numericFields) {
    const v = out[f];
    if (typeof v === "number") out[f] = Number.isFinite(v) ? String(v) : "NaN";
    else if (typeof v === "bigint") out[f] = v.toString();
  }
  return out;
}

function messageFor(meta: CompiledValidator["meta"], schemaPath: string): string | undefined {
  let path = schemaPath;
  while (path.includes("/")) {
    if (path in meta.messages) return meta.messages[path];
    path = path.slice(0, path.lastIndexOf("/"));
  }
  return undefined;
}

/** Labels and messages may hold the scene-name placeholder (spec §2), default 社区. */
export const fillScene = (text: string, scene = "社区") => text.replace(/\{scene\}/g, scene);

/** A rule text with its {name} parameters filled (unknown names stay as written; a value is never read as a pattern). */
export const fillParams = (text: string, params: Record<string, unknown>): string => text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/**
 * Runs one compiled validator; returns the first error of each field, in check order. The web app
 * passes a validator it loaded on its own (generated/validators/{resource}.js) to keep forms light.
 * A declared operation's validator first runs its coercion pass on the payload itself (the caller
 * hands that object on): where the schema says integer or number, a numeric text becomes the number
 * and "" null; what it cannot convert stays as given, for the validator to refuse.
 */
export function runCompiled({ validate, meta, coerce }: CompiledValidator, payload: unknown, scene?: string): FieldError[] {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return [{ field: "", message: "请求参数错误" }];
  }
  coerce?.(payload);
  const data = normalizeForValidation(payload as Record<string, unknown>, meta.numericFields);
  if (validate(data)) return [];
  const seen = new Map<string, string>();
  for (const e of validate.errors ?? []) {
    if (e.keyword === "if" || e.keyword === "allOf" || e.keyword === "$ref") continue;
    let field: string;
    let message: string | undefined;
    if (e.keyword === "required" && !e.instancePath) {
      field = String(e.params.missingProperty);
      message = meta.required[field];
    } else {
      // Inside a property (a row of a list): that property's, with the nearest message its schema gives.
      field = e.instancePath.split("/")[1] ?? "";
      // Errors inside the shared field schema name it ("resource_x_fields/properties/..."): same paths as "#/...".
      message = messageFor(meta, e.schemaPath.replace(/^[^#/][^/]*\//, "#/"));
    }
    if (!seen.has(field)) seen.set(field, message ?? "输入的数据不符合要求");
  }
  return [...seen].map(([field, message]) => ({ field, message: fillScene(message, scene) }));
}
