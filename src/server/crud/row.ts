// The shapes of the generic CRUD: a resource's row as the endpoints read it and show it.
import type { JsonValue } from "../platform/db/row.ts";

/**
 * A field's value as the API shows it: text (money as yuan text, decimals as exact text, dates and
 * times as ISO text), numbers (integers, refs), booleans, json as parsed, null.
 */
export type FieldValue = JsonValue;

/**
 * One row of a resource as findById and pageList give it (crud/model.ts selectList, values.ts
 * fromRow): the system columns, communityId of a community-scoped resource, then every visible field
 * and ref label (`<field>Label`) by its API name.
 */
export interface ResourceRow {
  id: number;
  tenantId: number;
  communityId?: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: number | null;
  updatedBy: number | null;
  [field: string]: FieldValue | undefined;
}

/**
 * What a create, an update, an action or an insert is given: field values by API name as JSON
 * carries them (a request body, a server-made row); an undefined field is not given.
 */
export interface ResourceInput {
  [field: string]: FieldValue | undefined;
}

/** Field values by API name, read only (undefined: absent): what reads a few fields of a row or an input needs. */
export interface FieldValues {
  readonly [field: string]: FieldValue | undefined;
}
