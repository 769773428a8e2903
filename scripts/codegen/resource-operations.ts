// The generic operations every resource declares by existing: list, detail, create, update, delete,
// batch delete, export and its task and file, and, where the resource's YAML asks for them, the Excel
// import and its template, the plain-text read of masked fields, device ingest and each state action.
// One table, two outputs: the OpenAPI document's generic entries (openapi.ts) and the route table the
// server registers them from (generated/resource-operations.ts, src/server/platform/http/resource-route.ts).
import type { FieldDef, MappingDef, ResourceDef } from "./model-types.ts";
import type { Model } from "./model.ts";

type Json = Record<string, unknown>;

export type ResourceOperationKind =
  "pageList" | "detail" | "create" | "update" | "delete" | "batchDelete" | "export" | "task" | "file" | "importTemplate" | "import" | "plainText" | "ingest" | "action";

/** A query parameter of a generic operation: always an id (a task, a community). */
interface IdParameter {
  name: string;
  required: boolean;
  description: string;
  /** The errors.yaml message when it is absent (else a bare 400). */
  requiredMessage?: string;
}

export interface ResourceOperation {
  /** Unique over the document: `<resource>_<kind>` (`<resource>_<action>` for a state action). */
  operationId: string;
  resource: string;
  kind: ResourceOperationKind;
  /** The state action's name (kind action). */
  action?: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** OpenAPI style ({id}). */
  path: string;
  summary: string;
  authority: string;
  /** The path's `{id}`: a row of the resource (a malformed or unknown one is 404). */
  pathId: boolean;
  query: IdParameter[];
  /** The JSON body's schema, or the upload's media types (a raw file as the body). */
  body?: { json: Json } | { upload: readonly string[] };
  /** The answer: the envelope's data, or a file of this media type. */
  answer: { data: Json } | { file: string };
}

/** An upload's body, as a client sends it: the file itself (no multipart form). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const UPLOAD_TYPES = [XLSX_TYPE, "application/octet-stream"] as const;
/** Rows one batch delete or one ingest call may name (src/server/crud: MAX_BATCH, MAX_INGEST). */
const MAX_BATCH = 1000;
const MAX_INGEST = 1000;

/** Mappings by name, for the allowed values of a field (empty: none stated). */
export type Mappings = Readonly<Record<string, MappingDef>>;

function plainSchema(f: FieldDef): Json {
  const base: Json = { description: f.label };
  switch (f.type) {
    case "integer":
    case "ref":
      return { ...base, type: ["integer", "null"] };
    case "decimal":
      return { ...base, type: ["string", "null"], pattern: "^-?\\d+(\\.\\d+)?$" };
    case "money":
      return { ...base, type: ["string", "null"], pattern: "^\\d+\\.\\d{2}$", description: `${f.label}（元，两位小数）` };
    case "boolean":
      return { ...base, type: ["boolean", "null"] };
    case "json":
      return { ...base };
    case "date":
      return { ...base, type: ["string", "null"], format: "date" };
    case "datetime":
      return { ...base, type: ["string", "null"], format: "date-time" };
    default:
      return { ...base, type: ["string", "null"] };
  }
}

/**
 * A field as the document states it: its type; for a mapping, its codes with their Chinese labels
 * (`enum` and `x-enum-descriptions`, in the description too). An answer may hold any code of the
 * mapping (one no longer offered included; none at all for a mapping with an `otherwise` label); an
 * input only an offered one. A masked field says so (`x-masked`): the answer shows it masked.
 */
export function fieldSchema(f: FieldDef, mappings: Mappings = {}, use: "answer" | "input" = "answer"): Json {
  const schema = plainSchema(f);
  const mapping = f.mapping ? mappings[f.mapping] : undefined;
  if (mapping) {
    const entries = Object.entries(mapping.values).filter(([, v]) => use === "answer" || v.offered !== false);
    const code = (c: string) => (mapping.valueType === "integer" ? Number(c) : c);
    schema.description = `${f.label}（${entries.map(([c, v]) => `${c} ${v.label}`).join("，")}）`;
    if (f.type === "json") {
      // A list of the mapping's codes (validators.ts).
      schema.type = ["array", "null"];
      schema.items = { enum: entries.map(([c]) => code(c)), "x-enum-descriptions": entries.map(([, v]) => v.label) };
    } else if (use === "input" || !mapping.otherwise) {
      schema.enum = [...entries.map(([c]) => code(c)), null];
      schema["x-enum-descriptions"] = [...entries.map(([, v]) => v.label), "未填"];
    }
  }
  if (f.mask && use === "answer") {
    schema.description = `${String(schema.description)}（脱敏显示；明文见 plainText）`;
    schema["x-masked"] = true;
  }
  return schema;
}

const rowRef = (r: ResourceDef): Json => ({ $ref: `#/components/schemas/${r.name}Row` });

/** The create answer: the row, with the secrets the server made for it (revealedOnCreate), this once. */
function createdRow(r: ResourceDef): Json {
  const revealed = r.fields.filter((f) => f.revealedOnCreate);
  if (!revealed.length) return rowRef(r);
  // The row schema declares them (optional: no other answer carries them); here they are required.
  return { allOf: [rowRef(r), { type: "object", required: revealed.map((f) => f.name) }] };
}

/** The fields a create or update body may carry: the form's, the read-only ones left out. */
function inputSchema(r: ResourceDef, mode: "create" | "update", mappings: Mappings): Json {
  const fields = r.fields.filter((f) => f.form && !f.readOnly);
  const properties: Json = r.scope === "community" ? { communityId: { type: "integer", minimum: 1, description: "所属社区" } } : {};
  for (const f of fields) properties[f.name] = f.type === "secret" ? { type: "string", writeOnly: true, description: f.label } : fieldSchema(f, mappings, "input");
  if (mode === "update") properties.version = { type: "integer", description: "读取时的版本号（带上时为乐观锁：已被他人修改则 409）" };
  const required = mode === "create" ? [...(r.scope === "community" ? ["communityId"] : []), ...fields.filter((f) => f.required && !f.usedWhen).map((f) => f.name)] : [];
  return {
    type: "object",
    description: mode === "create" ? `新增${r.label}：表单字段（见 ${r.name}Row）` : `修改${r.label}：只改带上的字段`,
    properties,
    ...(required.length ? { required } : {}),
  };
}

function listFilters(r: ResourceDef, mappings: Mappings): Json {
  const properties: Json = {
    pageNo: { type: "integer", minimum: 1, description: "页码，默认 1" },
    pageSize: { type: "integer", minimum: 1, maximum: 500, description: "每页条数，默认 10，最多 500" },
    keyword: { type: "string", description: "关键字" },
    sortField: { type: "string", description: "排序字段" },
    sortOrder: { enum: ["asc", "desc"] },
  };
  if (r.scope === "community") properties.communityId = { type: "integer", description: "社区" };
  for (const f of r.fields) if (f.filter) properties[f.name] = fieldSchema(f, mappings, "input");
  return { type: "object", properties };
}

const taskAnswer = { data: { type: "object", required: ["taskId"], properties: { taskId: { type: "integer" }, total: { type: "integer" } } } };

/** The generic operations of one resource, in the document's order. */
export function resourceOperations(r: ResourceDef, mappings: Mappings = {}): ResourceOperation[] {
  const base = `/api/${r.service}/${r.name}`;
  const op = (
    kind: ResourceOperationKind,
    rest: Omit<ResourceOperation, "operationId" | "resource" | "kind" | "authority" | "pathId" | "query"> & Partial<Pick<ResourceOperation, "pathId" | "query">>,
    operationId = `${r.name}_${rest.action ?? kind}`,
  ) => ({ operationId, resource: r.name, kind, authority: r.code, pathId: false, query: [], ...rest }) satisfies ResourceOperation;
  const list: ResourceOperation[] = [
    op("pageList", {
      method: "POST",
      path: `${base}/actions/pageList`,
      summary: `${r.label}分页列表`,
      body: { json: listFilters(r, mappings) },
      answer: {
        data: {
          type: "object",
          required: ["list", "total", "pageNo", "pageSize"],
          properties: { list: { type: "array", items: rowRef(r) }, total: { type: "integer" }, pageNo: { type: "integer" }, pageSize: { type: "integer" } },
        },
      },
    }),
    op("create", { method: "POST", path: base, summary: `新增${r.label}`, body: { json: inputSchema(r, "create", mappings) }, answer: { data: createdRow(r) } }),
    op("detail", { method: "GET", path: `${base}/{id}`, pathId: true, summary: `${r.label}详情`, answer: { data: rowRef(r) } }),
    op("update", { method: "PUT", path: `${base}/{id}`, pathId: true, summary: `修改${r.label}`, body: { json: inputSchema(r, "update", mappings) }, answer: { data: rowRef(r) } }),
    op("delete", {
      method: "DELETE",
      path: `${base}/{id}`,
      pathId: true,
      summary: `删除${r.label}`,
      answer: { data: { type: "object", properties: { ids: { type: "array", items: { type: "integer" } } } } },
    }),
    op("export", { method: "POST", path: `${base}/actions/export`, summary: `导出${r.label}（后台任务，列表筛选条件同 pageList）`, body: { json: listFilters(r, mappings) }, answer: taskAnswer }),
    op("task", {
      method: "GET",
      path: `${base}/actions/task`,
      summary: `${r.label}导入/导出任务的进度与结果`,
      query: [{ name: "id", required: true, description: "任务" }],
      answer: { data: { type: "object" } },
    }),
    op("file", {
      method: "GET",
      path: `${base}/actions/file`,
      summary: `下载${r.label}导出文件`,
      query: [{ name: "taskId", required: true, description: "导出任务" }],
      answer: { file: XLSX_TYPE },
    }),
  ];
  if (r.importable) {
    list.push(
      op("importTemplate", { method: "GET", path: `${base}/actions/importTemplate`, summary: `${r.label}导入模板`, answer: { file: XLSX_TYPE } }),
      op("import", {
        method: "POST",
        path: `${base}/actions/import`,
        summary: `导入${r.label}（后台任务，逐行校验；请求体为填写好的导入模板 .xlsx 文件本身，最大 20 MB）`,
        query: r.scope === "community" ? [{ name: "communityId", required: true, description: "导入到的社区", requiredMessage: "importSceneRequired" }] : [],
        body: { upload: UPLOAD_TYPES },
        answer: taskAnswer,
      }),
    );
  }
  const masked = r.fields.filter((f) => f.mask && f.type !== "secret").map((f) => f.name);
  if (masked.length) {
    // The full value of one masked field (crud/plain-text.ts): also needs VIEW_PLAIN_TEXT; logged.
    list.push(
      op("plainText", {
        method: "POST",
        path: `${base}/{id}/actions/plainText`,
        pathId: true,
        summary: `查看${r.label}的明文（需要“查看明文”权限，记入操作日志）`,
        body: { json: { type: "object", required: ["field"], properties: { field: { enum: masked } } } },
        answer: { data: { type: "object", properties: { field: { type: "string" }, value: {} } } },
      }),
    );
  }
  if (r.ingest) {
    const records = { type: "array", minItems: 1, maxItems: MAX_INGEST, items: { type: "object" }, description: "设备记录（字段同新增）" };
    list.push(
      op("ingest", {
        method: "POST",
        path: `${base}/actions/ingest`,
        summary: `设备上报${r.label}`,
        // A gateway may send the list itself: it is read as {records: list}.
        body: { json: { oneOf: [{ type: "object", required: ["records"], properties: { records: records } }, records] } },
        answer: {
          data: {
            type: "object",
            properties: {
              accepted: { type: "integer" },
              ids: { type: "array", items: { type: "integer" } },
              rejected: { type: "array", items: { type: "object", properties: { index: { type: "integer" }, field: { type: "string" }, message: { type: "string" } } } },
            },
          },
        },
      }),
    );
  }
  // A state action with a hand-written operation has that operation's route instead (schemas/operations).
  for (const a of r.actions?.list ?? []) {
    if (a.operation) continue;
    const properties = Object.fromEntries(
      a.inputs.map((name) => [
        name,
        fieldSchema(
          r.fields.find((f) => f.name === name)!,
          mappings,
          "input",
        ),
      ]),
    );
    list.push(
      op(
        "action",
        {
          action: a.name,
          method: "POST",
          path: `${base}/{id}/actions/${a.name}`,
          pathId: true,
          summary: `${a.label}（状态 ${a.from.join("/")} → ${a.to}）`,
          body: { json: { type: "object", ...(a.required.length ? { required: a.required } : {}), properties } },
          answer: { data: rowRef(r) },
        },
        a.operationId,
      ),
    );
  }
  list.push(
    op("batchDelete", {
      method: "DELETE",
      path: `${base}/actions/batchDelete`,
      summary: `批量删除${r.label}`,
      body: { json: { type: "object", required: ["ids"], properties: { ids: { type: "array", minItems: 1, maxItems: MAX_BATCH, items: { type: "integer", minimum: 1 } } } } },
      answer: { data: { type: "object", properties: { ids: { type: "array", items: { type: "integer" } } } } },
    }),
  );
  return list;
}

/** What the server needs to register each generic operation of a resource, by kind ("action:<name>" for a state action). */
export function routeTableOf(r: ResourceDef): Record<string, Json & { name: string; method: ResourceOperation["method"]; path: string; authority: string }> {
  const table: ReturnType<typeof routeTableOf> = {};
  for (const o of resourceOperations(r)) {
    table[o.kind === "action" ? `action:${o.action}` : o.kind] = {
      name: o.operationId,
      method: o.method,
      path: o.path.replace(/\{(\w+)\}/g, ":$1"),
      authority: o.authority,
      ...(o.pathId ? { pathId: true } : {}),
      ...(o.query.length ? { query: o.query.map(({ name, required, requiredMessage }) => ({ name, required, ...(requiredMessage ? { requiredMessage } : {}) })) } : {}),
      ...(o.body && "upload" in o.body ? { upload: o.body.upload } : {}),
      ...(o.kind === "ingest" ? { listBody: "records" } : {}),
    };
  }
  return table;
}

/** generated/resource-operations.ts: every resource's route table, one line per operation. */
export function resourceOperationsModule(model: Model): string {
  const lines: string[] = [];
  for (const r of model.resources) {
    lines.push(`  ${JSON.stringify(r.name)}: {`);
    for (const [key, route] of Object.entries(routeTableOf(r))) lines.push(`    ${JSON.stringify(key)}: ${JSON.stringify(route)},`);
    lines.push("  },");
  }
  return (
    `/** One generic operation of a resource (scripts/codegen/resource-operations.ts): its route and the input it declares. */\n` +
    `export interface ResourceRoute {\n  name: string;\n  method: "GET" | "POST" | "PUT" | "DELETE";\n  /** Fastify style (:id). */\n  path: string;\n  authority: string;\n` +
    `  /** The path's :id names a row (malformed: 404). */\n  pathId?: true;\n  /** Query ids (absent where required, or malformed: 400; absent with a requiredMessage: that message on the field). */\n  query?: readonly { name: string; required: boolean; requiredMessage?: string }[];\n` +
    `  /** The body is an uploaded file of these media types (else a JSON object). */\n  upload?: readonly string[];\n` +
    `  /** A JSON list sent as the body is read as the object {<listBody>: list}. */\n  listBody?: string;\n}\n\n` +
    `/** The generic operations by resource, then by kind ("action:<name>" for a state action). */\n` +
    `export const resourceOperations: Record<string, Record<string, ResourceRoute>> = {\n${lines.join("\n")}\n};\n`
  );
}
