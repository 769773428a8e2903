// The statements behind the branding before sign-in (platform-config-routes.ts): a host's
// platformConfigs row, else the defaults.
import type { DbSession } from "../platform/db/types.ts";
import { textOf } from "../platform/http/request-input.ts";
import { texts } from "../../../generated/texts.ts";
import { MENU_THEME_DEFAULTS } from "../../common/contrast.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

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

/** hostHeader: the request's Host, the host when no domainUrl is given. */
async function platformRow(db: DbSession, domainUrl: string | undefined, hostHeader: string): Promise<PlatformRow | null> {
  const given = textOf(domainUrl, 255);
  const host = hostOf(given || hostHeader);
  if (!host) return null;
  const bare = host.replace(/:\d+$/, "");
  const rows = await camelRows<PlatformRow>(
    db,
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

/** The platform name and icon of a host: its platformConfigs row's, else the defaults. */
export async function loginConfiguration(db: DbSession, domainUrl: string | undefined, hostHeader: string) {
  const row = await platformRow(db, domainUrl, hostHeader);
  return { platformName: row?.platformName || DEFAULT_PLATFORM_NAME, platformIco: row?.platformIco || DEFAULT_PLATFORM_ICO };
}

/** The menu colours of a host: its platformConfigs row's, else the defaults. */
export async function menuTheme(db: DbSession, domainUrl: string | undefined, hostHeader: string) {
  const row = await platformRow(db, domainUrl, hostHeader);
  const theme = { ...DEFAULT_THEME };
  for (const key of Object.keys(theme) as ThemeKey[]) if (row?.[key]) theme[key] = row[key]!;
  return theme;
}
