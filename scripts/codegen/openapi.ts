// OpenAPI 3.1 document of the generic endpoints every resource gets (DESIGN.md contract).
import type { FieldDef, ResourceDef } from "./model-types.ts";
import type { Model } from "./model.ts";

type Json = Record<string, unknown>;

export function outputSchema(f: FieldDef): Json {
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

export function rowSchema(r: ResourceDef): Json {
  const properties: Json = {
    id: { type: "integer" },
    ...(r.scope === "community" ? { communityId: { type: "integer" } } : {}),
  };
  // A secret on the form (a password) is written, never read back.
  for (const f of r.fields)
    if (f.type !== "secret") properties[f.name] = outputSchema(f);
    else if (f.form) properties[f.name] = { type: "string", writeOnly: true, ...(f.maxLength ? { maxLength: f.maxLength } : {}) };
  Object.assign(properties, {
    version: { type: "integer" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  });
  return { type: "object", title: r.label, properties, required: ["id"], additionalProperties: false };
}

const envelope = (data: Json): Json => ({
  type: "object",
  required: ["code", "message", "data", "success"],
  properties: { code: { type: "integer" }, message: { type: "string" }, data, success: { type: "boolean" } },
});

export function openApiDocument(model: Model, version: string): Json {
  const paths: Json = {};
  const schemas: Json = {};
  for (const r of model.resources) {
    const Row = `${r.name}Row`;
    schemas[Row] = rowSchema(r);
    const ref = { $ref: `#/components/schemas/${Row}` };
    const base = `/api/${r.service}/${r.name}`;
    const tag = [r.label];
    const payload = { content: { "application/json": { schema: { type: "object", description: `${r.label}字段，见 ${Row}` } } } };
    const filters: Json = {
      pageNo: { type: "integer", minimum: 1 },
      pageSize: { type: "integer", minimum: 1, maximum: 500 },
      keyword: { type: "string" },
      sortField: { type: "string" },
      sortOrder: { enum: ["asc", "desc"] },
    };
    if (r.scope === "community") filters.communityId = { type: "integer" };
    for (const f of r.fields) if (f.filter) filters[f.name] = outputSchema(f);
    const ok = (data: Json) => ({ "200": { description: "成功", content: { "application/json": { schema: envelope(data) } } } });
    // Both schemes in one requirement object: a call needs the cookie AND its signature.
    const security = [{ signature: [], cookie: [] }];
    paths[`${base}/actions/pageList`] = {
      post: {
        tags: tag,
        summary: `${r.label}分页列表`,
        security,
        "x-authority": r.code,
        requestBody: { content: { "application/json": { schema: { type: "object", properties: filters } } } },
        responses: ok({ type: "object", properties: { list: { type: "array", items: ref }, total: { type: "integer" }, pageNo: { type: "integer" }, pageSize: { type: "integer" } } }),
      },
    };
    paths[base] = { post: { tags: tag, summary: `新增${r.label}`, security, "x-authority": r.code, requestBody: payload, responses: ok(ref) } };
    paths[`${base}/{id}`] = {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      get: { tags: tag, summary: `${r.label}详情`, security, "x-authority": r.code, responses: ok(ref) },
      put: { tags: tag, summary: `修改${r.label}`, security, "x-authority": r.code, requestBody: payload, responses: ok(ref) },
      delete: { tags: tag, summary: `删除${r.label}`, security, "x-authority": r.code, responses: ok({ type: "null" }) },
    };
    const file = { "200": { description: "xlsx 文件", content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string", format: "binary" } } } } };
    const taskId = ok({ type: "object", properties: { taskId: { type: "integer" }, total: { type: "integer" } } });
    paths[`${base}/actions/export`] = {
      post: {
        tags: tag,
        summary: `导出${r.label}（后台任务，列表筛选条件同 pageList）`,
        security,
        "x-authority": r.code,
        requestBody: { content: { "application/json": { schema: { type: "object", properties: filters } } } },
        responses: taskId,
      },
    };
    paths[`${base}/actions/task`] = {
      get: {
        tags: tag,
        summary: `${r.label}导入/导出任务的进度与结果`,
        security,
        "x-authority": r.code,
        parameters: [{ name: "id", in: "query", required: true, schema: { type: "integer" } }],
        responses: ok({ type: "object" }),
      },
    };
    paths[`${base}/actions/file`] = {
      get: {
        tags: tag,
        summary: `下载${r.label}导出文件`,
        security,
        "x-authority": r.code,
        parameters: [{ name: "taskId", in: "query", required: true, schema: { type: "integer" } }],
        responses: file,
      },
    };
    if (r.importable) {
      paths[`${base}/actions/importTemplate`] = { get: { tags: tag, summary: `${r.label}导入模板`, security, "x-authority": r.code, responses: file } };
      paths[`${base}/actions/import`] = {
        post: {
          tags: tag,
          summary: `导入${r.label}（后台任务，逐行校验）`,
          security,
          "x-authority": r.code,
          ...(r.scope === "community" ? { parameters: [{ name: "communityId", in: "query", required: true, schema: { type: "integer" } }] } : {}),
          requestBody: { content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string", format: "binary" } } } },
          responses: taskId,
        },
      };
    }
    const masked = r.fields.filter((f) => f.mask && f.type !== "secret").map((f) => f.name);
    if (masked.length) {
      // The full value of one masked field (crud/plain-text.ts): also needs VIEW_PLAIN_TEXT; logged.
      paths[`${base}/{id}/actions/plainText`] = {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        post: {
          tags: tag,
          summary: `查看${r.label}的明文（需要“查看明文”权限，记入操作日志）`,
          security,
          "x-authority": r.code,
          requestBody: { content: { "application/json": { schema: { type: "object", required: ["field"], properties: { field: { enum: masked } } } } } },
          responses: ok({ type: "object", properties: { field: { type: "string" }, value: {} } }),
        },
      };
    }
    if (r.ingest) {
      paths[`${base}/actions/ingest`] = {
        post: {
          tags: tag,
          summary: `设备上报${r.label}`,
          security,
          "x-authority": r.code,
          requestBody: {
            content: { "application/json": { schema: { type: "object", required: ["records"], properties: { records: { type: "array", maxItems: 1000, items: { type: "object" } } } } } },
          },
          responses: ok({
            type: "object",
            properties: {
              accepted: { type: "integer" },
              ids: { type: "array", items: { type: "integer" } },
              rejected: { type: "array", items: { type: "object", properties: { index: { type: "integer" }, field: { type: "string" }, message: { type: "string" } } } },
            },
          }),
        },
      };
    }
    for (const a of r.actions?.list ?? []) {
      const props = Object.fromEntries(a.inputs.map((name) => [name, outputSchema(r.fields.find((f) => f.name === name)!)]));
      paths[`${base}/{id}/actions/${a.name}`] = {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        post: {
          tags: tag,
          summary: `${a.label}（状态 ${a.from.join("/")} → ${a.to}）`,
          security,
          "x-authority": r.code,
          requestBody: { content: { "application/json": { schema: { type: "object", required: a.required, properties: props } } } },
          responses: ok(ref),
        },
      };
    }
    paths[`${base}/actions/batchDelete`] = {
      delete: {
        tags: tag,
        summary: `批量删除${r.label}`,
        security,
        "x-authority": r.code,
        requestBody: { content: { "application/json": { schema: { type: "object", required: ["ids"], properties: { ids: { type: "array", items: { type: "integer" } } } } } } },
        responses: ok({ type: "object", properties: { deleted: { type: "integer" } } }),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "云物业社区管理平台 API", version },
    components: {
      schemas,
      securitySchemes: {
        signature: { type: "apiKey", in: "header", name: "signature" },
        cookie: { type: "apiKey", in: "cookie", name: "neptune_session" },
      },
    },
    paths,
  };
}
