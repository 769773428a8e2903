// PostgreSQL errors a request can cause, as API errors: unique violation -> 409 DUPLICATE; foreign
// key: a row still referenced -> 409 REFERENCED, a reference to a row that does not exist (or
// belongs to another tenant: the keys are (tenant_id, id)) -> 400 naming the field, and one to a row of
// another community (the database's scope check) -> 400 该<target>不属于所选<scene>; bad values (any data
// exception, SQLSTATE class 22) -> 400.
import { resourceByName, resources } from "../../../../generated/resources.ts";
import { fillScene } from "../../../common/validate.ts";
import { texts } from "../../../../generated/texts.ts";
import { apiError, type ApiError } from "./envelope.ts";
import { fillMessage } from "../../../../generated/fill-errors.ts";

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
  table?: string;
}

export const isPgError = (err: unknown): err is PgError => typeof err === "object" && err !== null && typeof (err as PgError).code === "string" && /^[0-9A-Z]{5}$/.test((err as PgError).code!);

/** The field a "<table>_<column>_fk" (or "_scope") constraint stands for, as {field, label, target: the referenced resource's label}. */
function fieldOfConstraint(table: string | undefined, constraint: string | undefined): { field: string; label: string; target?: string } | null {
  if (!table || !constraint) return null;
  const resource = resources.find((r) => r.table === table);
  if (!resource) return null;
  const column = constraint.slice(table.length + 1).replace(/_(fk|scope)$/, "");
  if (column === "community_id") return { field: "communityId", label: "{scene}" };
  const field = resource.fields.find((f) => f.column === column);
  if (!field) return null;
  return { field: field.name, label: field.label, target: field.ref ? resourceByName[field.ref.resource]?.label : undefined };
}

export function translateDbError(err: unknown, scene: string = texts.common.defaultScene, operation?: "delete" | "write"): ApiError | null {
  if (!isPgError(err)) return null;
  switch (err.code) {
    case "23505":
      return apiError("DUPLICATE");
    case "23503": {
      const referenced = operation === "delete" || (operation === undefined && /still referenced|^update or delete/i.test(`${err.detail ?? ""} ${err.message ?? ""}`));
      if (referenced) return apiError("REFERENCED");
      const f = fieldOfConstraint(err.table, err.constraint);
      // A reference to a row of another community (the scope check of codegen's ddl.ts), or to no row.
      const outside = err.constraint?.endsWith("_scope") && f?.target;
      const message = fillScene(outside ? fillMessage.refOutsideCommunity({ target: f.target!, scene }) : fillMessage.referenceMissing({ label: f?.label ?? texts.crud.unknownReference }), scene);
      return apiError("VALIDATION_FAILED", { message, data: { errors: [{ field: f?.field ?? "", message }] } });
    }
    case "23502": // not null
    case "23514": // check
    case "22001": // string too long
    case "22003": // numeric out of range
    case "22007": // invalid datetime format
    case "22008": // datetime out of range
    case "22P02": // invalid text representation
      return apiError("BAD_REQUEST");
    default:
      // The last line for any other data exception (SQLSTATE class 22: a NUL byte, an untranslatable
      // character, a bad escape...): the value is the client's, so 400, never 500.
      return err.code?.startsWith("22") ? apiError("BAD_DATA") : null;
  }
}
