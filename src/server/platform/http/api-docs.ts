// The API reference (schemas/operations/http.yaml): the OpenAPI document as JSON and a Swagger UI
// page that reads it. The page's files come from the installed swagger-ui-dist package, served
// here (no CDN), so the web app's bundle never carries them. Public: the document lists endpoints,
// codes and schemas, no data; every call made from the page still needs a session.
// The page runs under its own Content-Security-Policy (security-headers.ts): nothing inline, its
// initialiser is a served file too, and the online validator's badge (an image from
// validator.swagger.io, told the document's address) is off.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { operations } from "../../../../generated/operations.ts";
import { texts } from "../../../../generated/texts.ts";
import { apiError } from "./envelope.ts";
import { route } from "./operation.ts";
import { API_DOCS_POLICY, usePolicy } from "./security-headers.ts";
import { h5OpenapiFile, openapiFile } from "../paths.ts";

const swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${texts.pages.apiDocsTitle}</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// Calls tried from the page carry the marker every non-GET call needs (the session cookie goes along).
const INIT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  requestInterceptor: (request) => { request.headers["X-Requested-With"] = "XMLHttpRequest"; return request; },
});
`;

const ASSETS: Record<string, { type: string; body: () => Buffer | string }> = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", body: () => fileOnce(join(swaggerDir, "swagger-ui.css")) },
  "swagger-ui-bundle.js": { type: "application/javascript; charset=utf-8", body: () => fileOnce(join(swaggerDir, "swagger-ui-bundle.js")) },
  "favicon-32x32.png": { type: "image/png", body: () => fileOnce(join(swaggerDir, "favicon-32x32.png")) },
  "init.js": { type: "application/javascript; charset=utf-8", body: () => INIT },
};

// Read when first asked for, then kept for the process: the staff document is 7 MB, and a process
// that starts many servers (the test runs) would otherwise read it at every start.
const files = new Map<string, Buffer>();
function fileOnce(path: string): Buffer {
  let body = files.get(path);
  if (!body) files.set(path, (body = readFileSync(path)));
  return body;
}

export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getOpenApiDocument, async ({ reply }) => reply.type("application/json; charset=utf-8").send(fileOnce(openapiFile)));
  // The residents' app's own document: its operations only (none of the staff API).
  route(app, operations.getH5OpenApiDocument, async ({ reply }) => reply.type("application/json; charset=utf-8").send(fileOnce(h5OpenapiFile)));
  route(app, operations.getApiReference, async ({ reply }) => {
    usePolicy(reply, API_DOCS_POLICY);
    return reply.type("text/html; charset=utf-8").send(PAGE);
  });
  route(app, operations.getApiReferenceAsset, async ({ params: { file }, reply }) => {
    const asset = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!asset) throw apiError("NOT_FOUND");
    return reply.type(asset.type).header("cache-control", "public, max-age=86400").send(asset.body());
  });
}
