// OpenAPI 3.1 document of the generic operations every resource declares (resource-operations.ts; DESIGN.md contract).
import type { ResourceDef } from "./model-types.ts";
import { outputSchema, resourceOperations, type ResourceOperation } from "./resource-operations.ts";
import type { Model } from "./model.ts";

type Json = Record<string, unknown>;

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

/** One generic operation as the document states it. */
function operationEntry(r: ResourceDef, o: ResourceOperation): Json {
  const parameters = o.query.map((q) => ({ name: q.name, in: "query", required: q.required, description: q.description, schema: { type: "integer", minimum: 1 } }));
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
    // Both schemes in one requirement object: a call needs the cookie AND its signature.
    security: [{ signature: [], cookie: [] }],
    "x-authority": o.authority,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { "200": answer },
  };
}

export function openApiDocument(model: Model, version: string): Json {
  const paths: Record<string, Json> = {};
  const schemas: Json = {};
  for (const r of model.resources) {
    schemas[`${r.name}Row`] = rowSchema(r);
    for (const o of resourceOperations(r)) {
      const item = (paths[o.path] ??= {});
      if (o.pathId && !item.parameters) item.parameters = [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }];
      item[o.method.toLowerCase()] = operationEntry(r, o);
    }
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

/** The residents' app's own document (/api/h5/openapi.json): its operations only, signed in by the resident cookie alone. */
export function h5OpenApiDocument(version: string): Json {
  return {
    openapi: "3.1.0",
    info: { title: "云物业住户端 API", version },
    components: {
      schemas: {},
      securitySchemes: { residentCookie: { type: "apiKey", in: "cookie", name: "neptune_resident" } },
    },
    paths: {},
  };
}
