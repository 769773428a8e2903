// Field kits: the inputs and displays whose antd component is heavy (the date picker, the image
// viewer, the authority tree) are chunks of their own, loaded only by the pages that show such a
// field. Which kit a field needs is decided here, once: inputs.tsx and display.tsx render by it, and
// the bundle-size benchmark (scripts/bench/bundle-size.ts) counts each resource's pages by it.
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { detailFields, filterFields, formFields, listFields } from "./fields.ts";

export type FieldKit = "date" | "image" | "authorityTree" | "communityTree";

/** The module of each kit (paths from the project root). */
export const FIELD_KIT_MODULES: Record<FieldKit, string> = {
  date: "src/web/generic/kits/DateInput.tsx",
  image: "src/web/generic/kits/ImageValue.tsx",
  authorityTree: "src/web/generic/authorities/AuthorityTreeInput.tsx",
  communityTree: "src/web/generic/communities/CommunityTreeInput.tsx",
};

/** The kit a field's input needs (generic form, list filter), or null. */
export function inputKit(field: FieldDef, variant: "form" | "filter"): FieldKit | null {
  if (field.widget === "imageList") return null;
  if (field.widget) return variant === "form" ? field.widget : null;
  if (field.mapping) return null;
  return field.type === "date" || field.type === "datetime" ? "date" : null;
}

/** The kit a field's value needs on the list and detail pages, or null. */
export function displayKit(field: FieldDef): FieldKit | null {
  if (field.widget === "imageList") return "image";
  if (field.type === "ref" || field.widget || field.mapping) return null;
  return field.type === "image" && !field.mask ? "image" : null;
}

export type GenericPage = "list" | "form" | "show";

/** The kits a generic page loads as it renders a resource (a row action's dialog loads its own on opening). */
export function pageKits(def: ResourceDef, page: GenericPage): FieldKit[] {
  const kits = new Set<FieldKit | null>();
  if (page === "list") {
    for (const f of filterFields(def)) kits.add(inputKit(f, "filter"));
    for (const f of listFields(def)) kits.add(displayKit(f));
  } else if (page === "form") {
    for (const f of formFields(def)) kits.add(inputKit(f, "form"));
  } else {
    for (const f of detailFields(def)) kits.add(displayKit(f));
  }
  kits.delete(null);
  return [...kits] as FieldKit[];
}
