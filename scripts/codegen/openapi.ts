// OpenAPI 3.1 document of the generic operations every resource declares (resource-operations.ts; DESIGN.md contract).
import type { ResourceDef } from "./model-types.ts";
import { fieldSchema, resourceOperations, type ResourceOperation } from "./resource-operations.ts";
import type { Model } from "./model.ts";
import { authorityText, edgeRefusals, STAFF_SECURITY, errorComponents, errorResponses, XHR_MARKER_PARAMETER } from "./operations.ts";

type Json = Record<string, unknown>;

/**
 * A row as the generic operations answer it: its fields (a secret only written, never read back), the
 * label of each reference (`<field>Label`, the referred row's name), the row's bookkeeping columns and,
 * on a list, whether the caller may neither change nor delete it (`locked`). With the model, mapping
 * fields state their codes (the document); without it, plain types (generated/types.ts).
 */
export function rowSchema(r: ResourceDef, model?: Pick<Model, "mappings" | "resources">): Json {
  const properties: Json = {
    id: { type: "integer" },
    tenantId: { type: "integer", description: "租户" },
    ...(r.scope === "community" ? { communityId: { type: "integer", description: "所属社区" } } : {}),
  };
  for (const f of r.fields)
    if (f.type !== "secret") properties[f.name] = fieldSchema(f, model?.mappings);
    else if (f.form) properties[f.name] = { type: "string", writeOnly: true, ...(f.maxLength ? { maxLength: f.maxLength } : {}) };
    else if (f.revealedOnCreate) properties[f.name] = { type: "string", description: `${f.label}（服务器生成，只在新增的答复中出现这一次）` };
  for (const f of r.fields) {
    if (f.type !== "ref" || !f.ref) continue;
    const label = model?.resources.find((x) => x.name === f.ref!.resource)?.fields.find((x) => x.name === f.ref!.labelField && x.type !== "secret");
    // The referred row's label field as it is stored (a name, or a number such as an account's room).
    if (label) properties[`${f.name}Label`] = { ...fieldSchema(label), description: `${f.label}（${label.label}）` };
  }
  Object.assign(properties, {
    version: { type: "integer" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
    createdBy: { type: ["integer", "null"], description: "创建人" },
    updatedBy: { type: ["integer", "null"], description: "最后修改人" },
    locked: { type: "boolean", description: "列表中：调用者既不能修改也不能删除这一行" },
  });
  return { type: "object", title: r.label, properties, required: ["id"], additionalProperties: false };
}

const envelope = (data: Json): Json => ({
  type: "object",
  required: ["code", "message", "data", "success"],
  properties: { code: { type: "integer" }, message: { type: "string" }, data, success: { type: "boolean" } },
});

/** What a caller needs to know before the first call: the envelope, the session, the marker, the gates. */
const API_DESCRIPTION = [
  "每个答复都是信封 {code, message, data, success}：code 为 0 表示成功；失败时 message 是中文提示，校验失败时 data 为 {errors: [{field, message}]}。",
  "会话：POST /api/auth/login 设置 httpOnly Cookie neptune_session 并答复 signature；之后的调用要同时带 Cookie 和 signature 请求头。",
  "用会话调用时，GET 以外的调用都要带请求头 X-Requested-With: XMLHttpRequest（缺少时 403）。",
  "机器调用：系统管理 → 应用令牌中创建的令牌放在请求头 Authorization: Bearer <令牌> 中，可调用每个员工接口，不需要 Cookie、signature 与 X-Requested-With；令牌的权限与管理范围不超过创建人的，撤销后立即失效；每个令牌每分钟最多 600 次调用（超出答复 429）。",
  "初始密码必须先修改：在此之前，只有标注 x-before-password-change 的调用可用（修改密码、读取当前用户、退出登录等），其余答复 403（请先修改初始密码）。",
  "会话闲置 12 小时后失效（答复 401）；修改密码或删除用户会结束该用户的其他会话。",
  "金额在接口中是两位小数的元（文本），在服务器内部与数据库中是整数分。",
].join("\n\n");

/** The codes a generic operation may answer besides success, by what it does. */
function genericErrors(o: ResourceOperation): string[] {
  const input = Boolean(o.body || o.query.length);
  return [
    ...(input ? ["BAD_REQUEST"] : []),
    ...edgeRefusals({ body: o.method !== "GET", signedIn: true, permission: true, marker: o.method !== "GET", input }),
    // A batch delete is all or nothing: an id that is not a row of the caller's undoes it, as missing.
    ...(o.pathId || o.kind === "task" || o.kind === "file" || o.kind === "batchDelete" ? ["NOT_FOUND"] : []),
    ...(o.kind === "create" || o.kind === "update" ? ["DUPLICATE"] : []),
    ...(o.kind === "update" ? ["CONFLICT"] : []),
    ...(o.kind === "delete" || o.kind === "batchDelete" ? ["REFERENCED"] : []),
    ...(o.kind === "action" ? ["ILLEGAL_STATE"] : []),
  ];
}

/** The 405 of a write the resource refuses: every write of a read-only one, a change or delete of a create-only one. */
function refusedWrite(model: Model, r: ResourceDef, o: ResourceOperation): Record<string, string> {
  if (r.readOnly && ["create", "update", "delete", "batchDelete"].includes(o.kind)) return { "405": `405 ${model.errorMessages.readOnly}` };
  if (r.createOnly && ["update", "delete", "batchDelete"].includes(o.kind)) return { "405": `405 ${model.errorMessages.createOnly}` };
  return {};
}

/** One generic operation as the document states it. */
function operationEntry(model: Model, r: ResourceDef, o: ResourceOperation): Json {
  const parameters: Json[] = o.query.map((q) => ({ name: q.name, in: "query", required: q.required, description: q.description, schema: { type: "integer", minimum: 1 } }));
  if (o.method !== "GET") parameters.push(XHR_MARKER_PARAMETER);
  const requestBody = !o.body
    ? undefined
    : "json" in o.body
      ? { required: true, content: { "application/json": { schema: o.body.json } } }
      : {
          required: true,
          description: "文件本身作为请求体（不是 multipart 表单）",
          content: Object.fromEntries(o.body.upload.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
        };
  const answer =
    "file" in o.answer
      ? { description: "文件下载", content: { [o.answer.file]: { schema: { type: "string", format: "binary" } } } }
      : { description: "成功", content: { "application/json": { schema: envelope(o.answer.data) } } };
  return {
    operationId: o.operationId,
    tags: [r.label],
    summary: o.summary,
    description: `${r.label}的通用接口（${o.kind === "action" ? "状态操作" : o.kind}）。${authorityText(o.authority)}`,
    // Both schemes in one requirement object: a call needs the cookie AND its signature.
    security: STAFF_SECURITY,
    "x-authority": o.authority,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { "200": answer, ...errorResponses(model, genericErrors(o), refusedWrite(model, r, o)) },
  };
}

export function openApiDocument(model: Model, version: string): Json {
  const paths: Record<string, Json> = {};
  const schemas: Json = {};
  for (const r of model.resources) {
    schemas[`${r.name}Row`] = rowSchema(r, model);
    for (const o of resourceOperations(r, model.mappings)) {
      const item = (paths[o.path] ??= {});
      if (o.pathId && !item.parameters) item.parameters = [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }];
      item[o.method.toLowerCase()] = operationEntry(model, r, o);
    }
  }
  // One tag per resource label (two resources may share one), described by the module it belongs to.
  const tags = new Map<string, string>();
  for (const r of model.resources) {
    const title = model.modules.find((m) => m.module === r.module)?.title ?? r.module;
    if (!tags.has(r.label)) tags.set(r.label, `${title}：${r.label}的通用接口（分页列表、详情、新增、修改、删除、导出${r.importable ? "、导入" : ""}${r.actions?.list.length ? "、状态操作" : ""}）`);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "云物业社区管理平台 API",
      version,
      description: API_DESCRIPTION,
      contact: { name: "云物业社区管理平台" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "本服务器（接口路径均以 /api 开头）" }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    components: {
      schemas: { ...errorComponents.schemas, ...schemas },
      parameters: errorComponents.parameters,
      securitySchemes: {
        signature: { type: "apiKey", in: "header", name: "signature", description: "登录答复中的 signature；与会话 Cookie 一起才是一个会话，缺一不可" },
        cookie: { type: "apiKey", in: "cookie", name: "neptune_session", description: "登录时设置的 httpOnly 会话 Cookie" },
        apiToken: { type: "http", scheme: "bearer", description: "应用令牌（系统管理 → 应用令牌，创建时只显示一次）：代替会话 Cookie、signature 与 X-Requested-With" },
      },
    },
    paths,
  };
}

/** The residents' app's own document (/api/h5/openapi.json): its operations only, signed in by the resident cookie alone. */
export function h5OpenApiDocument(version: string): Json {
  return {
    openapi: "3.1.0",
    info: { title: "云物业住户端 API", version },
    components: {
      schemas: { ...errorComponents.schemas },
      parameters: errorComponents.parameters,
      securitySchemes: { residentCookie: { type: "apiKey", in: "cookie", name: "neptune_resident" } },
    },
    paths: {},
  };
}
