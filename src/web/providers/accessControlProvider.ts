// Refine access control (spec §6): a resource is allowed when its authority code (meta.code) is among
// the user's authority codes; create / edit / delete also need the resource to offer that action
// (read-only resources such as the operation log offer none).
import type { AccessControlProvider } from "@refinedev/core";
import { messages } from "../../../generated/errors.ts";
import { getAuthorities } from "../state/session.ts";
import { resourceActions, resourceMeta } from "./resourceIndex.ts";

// Refine's actions ("list", "show", "create", "edit", "delete", "clone", "field") and the custom ones.
export type ResourceAction = string;

/** The decision alone, for code that cannot wait on a query (menus, column lists). */
export function canAccess(resource: string | undefined, action: ResourceAction, authorities: readonly string[] | null = getAuthorities(), metaCode?: string): { can: boolean; reason?: string } {
  if (!resource) return { can: true };
  const code = metaCode ?? resourceMeta(resource).code;
  if (code && !(authorities ?? []).includes(code)) return { can: false, reason: messages.noModulePermission };
  const actions = resourceActions(resource);
  if (action === "create" || action === "clone") return actions.create ? { can: true } : { can: false };
  if (action === "edit") return actions.edit ? { can: true } : { can: false };
  if (action === "delete") return actions.delete ? { can: true } : { can: false };
  return { can: true };
}

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    const metaCode = (params?.resource?.meta as { code?: string } | undefined)?.code;
    return canAccess(resource ?? params?.resource?.name, action, getAuthorities(), metaCode);
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Another user may log in within the same page: never trust an old answer.
    queryOptions: { staleTime: 0 },
  },
};
