// Branding before sign-in (spec §3 Login configuration, §7; docs/api.md), public:
//   GET /device-nissan/auth/ssoConfiguration/actions/getLoginConfiguration (domainUrl) -> {platformName, platformIco}
//   GET /device-nissan/auth/ssoConfiguration/actions/getConfiguration (domainUrl?)      -> the theme colours
//       {menuBackGroundColor, menuTextColor, menuTextHighColor, menuTextHighSelBgColor, chooseHoverColor,
//       placeholderColor}
// The product differs by host (spec §1): a platformConfigs row whose domainUrl is the given host (or,
// without domainUrl, the request's Host) supplies the values it has; the rest are the defaults below
// (云物业社区管理平台, its logo, antd's dark menu). Only branding is answered: nothing of the tenant.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { textOf } from "../http/request-input.ts";
import { route } from "../http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { texts } from "../../../generated/texts.ts";
import { MENU_THEME_DEFAULTS } from "../../common/contrast.ts";
import { camelRows } from "../db/camel-rows.ts";
import { sql } from "../db/sql.ts";

export const DEFAULT_PLATFORM_NAME = texts.common.platformName;
// A blue rounded square with a white house: the product's default icon, inline so it needs no file.
export const DEFAULT_PLATFORM_ICO =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1668dc"/>' + '<path d="M32 14 12 31h6v19h11V38h6v12h11V31h6z" fill="#fff"/></svg>',
  );
/** The menu colours a tenant without its own theme gets: the web app's defaults (they meet 4.5:1). */
const DEFAULT_THEME = MENU_THEME_DEFAULTS;

type ThemeKey = keyof typeof DEFAULT_THEME;
interface PlatformRow extends Partial<Record<ThemeKey, string | null>> {
  platformName: string | null;
  platformIco: string | null;
}

/** "https://a.example.com:8443/x" or "a.example.com:8443" -> "a.example.com:8443" (lower case). */
export function hostOf(value: string): string {
  const text = value.trim().toLowerCase();
  const withoutScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  return withoutScheme.split(/[/?#]/)[0];
}

async function platformRow(app: FastifyInstance, request: FastifyRequest, domainUrl: string | undefined): Promise<PlatformRow | null> {
  const given = textOf(domainUrl, 255);
  const host = hostOf(given || String(request.headers.host ?? ""));
  if (!host) return null;
  const bare = host.replace(/:\d+$/, "");
  const rows = await camelRows<PlatformRow>(
    app.db,
    sql`select platform_name, platform_ico,
            menu_back_ground_color, menu_text_color,
            menu_text_high_color, menu_text_high_sel_bg_color,
            choose_hover_color, placeholder_color
       from platform_configs
      where lower(domain_url) in (${host}, ${bare})
      order by (lower(domain_url) = ${host}) desc, id limit 1`,
  );
  return rows[0] ?? null;
}

export async function platformConfigModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getLoginConfiguration, async ({ query, request }) => {
    const row = await platformRow(app, request, query.domainUrl);
    return { platformName: row?.platformName || DEFAULT_PLATFORM_NAME, platformIco: row?.platformIco || DEFAULT_PLATFORM_ICO };
  });
  route(app, operations.getMenuTheme, async ({ query, request }) => {
    const row = await platformRow(app, request, query.domainUrl);
    const theme = { ...DEFAULT_THEME };
    for (const key of Object.keys(theme) as ThemeKey[]) if (row?.[key]) theme[key] = row[key]!;
    return theme;
  });
}
