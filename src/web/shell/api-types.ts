// Shapes of what the shell's calls answer (docs/api.md).
import type { MenuNode } from "../../../generated/model-types.ts";
import type { GetEdgeServiceByCommunityIdData } from "../../../generated/operation-types.ts";
import type { Id } from "./picker-state.ts";

export interface CurrentUserData {
  tenantId: Id;
  tenantName?: string;
  userId: Id;
  username: string;
  realName?: string;
  userType: string;
  signature?: string;
  applicationSceneName?: string;
  authorities?: ({ code: string } | string)[];
  webMenuList?: MenuNode[];
  enabledKanban?: boolean | number;
  phoneNumber?: string;
  companyShortName?: string;
  platformImg?: string;
  code?: string[];
  communityId?: Id | null;
  communityName?: string | null;
  watermarkStatus?: number | string;
  /** The password was set by someone else: it must be changed before going on. */
  mustChangePassword?: boolean;
}

export interface LoginConfiguration {
  platformName?: string;
  platformIco?: string;
}

/** The community's edge service shown in the header (getEdgeServiceByCommunityId). */
export type EdgeService = NonNullable<GetEdgeServiceByCommunityIdData>;
