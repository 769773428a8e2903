// spec §6: "the help-document link depends on tenant type: sub-retail, open platform, IoT tenant or
// enterprise tenant". The help documents ship with the web app (public/help/*.html, one section per
// tenant type). The tenant type is read from the session's platform type (spec §3, default hbl):
// "subRetail" / "retail", "open" / "openPlatform", "iot"; anything else (hbl included) is an
// enterprise tenant.
import { constants } from "../../../generated/constants.ts";

export type TenantType = "subRetail" | "openPlatform" | "iot" | "enterprise";
export type HelpTopic = "payment-guide" | "smart-home-guide";

export function tenantTypeOf(platformType: string | null | undefined): TenantType {
  switch ((platformType ?? "").trim().toLowerCase()) {
    case "subretail":
    case "retail":
      return "subRetail";
    case "open":
    case "openplatform":
      return "openPlatform";
    case "iot":
      return "iot";
    default:
      return "enterprise";
  }
}

const SECTION: Record<TenantType, string> = { subRetail: "sub-retail", openPlatform: "open-platform", iot: "iot", enterprise: "enterprise" };

/** The help document of a guide for a tenant type, under the app's base path. */
export function helpDocumentUrl(topic: HelpTopic, tenantType: TenantType): string {
  return `${constants.basePath}help/${topic}.html#${SECTION[tenantType]}`;
}
