// Branding before sign-in (spec §3 Login configuration, §7; docs/api.md), public:
//   GET /device-nissan/auth/ssoConfiguration/actions/getLoginConfiguration (domainUrl) -> {platformName, platformIco}
//   GET /device-nissan/auth/ssoConfiguration/actions/getConfiguration (domainUrl?)      -> the theme colours
//       {menuBackGroundColor, menuTextColor, menuTextHighColor, menuTextHighSelBgColor, chooseHoverColor,
//       placeholderColor}
// The product differs by host (spec §1): a platformConfigs row whose domainUrl is the given host (or,
// without domainUrl, the request's Host) supplies the values it has; the rest are the defaults below
// (云物业社区管理平台, its logo, antd's dark menu). Only branding is answered: nothing of the tenant.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { loginConfiguration, menuTheme } from "./platform-config.ts";

export async function platformConfigModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getLoginConfiguration, async ({ query, request }) => loginConfiguration(app.db, query.domainUrl, String(request.headers.host ?? "")));
  route(app, operations.getMenuTheme, async ({ query, request }) => menuTheme(app.db, query.domainUrl, String(request.headers.host ?? "")));
}
