// What the shell keeps of the signed-in user (GET {system}/homepage/user), as a pure function.
import { constants } from "../../../generated/constants.ts";
import type { CurrentUserData } from "./api-types.ts";

export interface CurrentUser extends CurrentUserData {
  /** applicationSceneName, default 社区. */
  sceneName: string;
  /** Codes of the user's authorities (spec §6: permissions are the authority codes). */
  authorityCodes: string[];
  /** 1 shows the watermark (the default). */
  watermarkStatus: number;
}

export function normalizeUser(data: CurrentUserData): CurrentUser {
  const codes = new Set<string>();
  for (const a of data.authorities ?? []) {
    if (typeof a === "string") codes.add(a);
    else if (a && typeof a.code === "string") codes.add(a.code);
  }
  const status = Number(data.watermarkStatus ?? constants.defaultWatermarkStatus);
  return {
    ...data,
    webMenuList: Array.isArray(data.webMenuList) ? data.webMenuList : [],
    sceneName: data.applicationSceneName || constants.defaultSceneName,
    authorityCodes: [...codes],
    watermarkStatus: Number.isFinite(status) ? status : constants.defaultWatermarkStatus,
  };
}
