// The schema's conditions on a row as written (after a create or an update, inside its transaction,
// so a refusal undoes the write), run for every resource by the repository's write (repository.ts):
//   - usedWhen: a field used only while another field holds one of some values (a pricing type's
//     unit price for the methods that price by it) is refused when required and empty, and cleared
//     where it is not used;
//   - ref.where: a reference may only name target rows whose fields hold the given values (a
//     deposit's item is a deposit item); any other is refused with the field's message;
//   - ref.dependsOn: a reference names a row under another reference's row (a room's unit belongs
//     to its building), refused otherwise (所选单元不属于所选楼栋).
// Both read the row as stored, so a partial update is judged with the values it keeps.
import { fillScene, type FieldError } from "../../common/validate.ts";
import { isBlankValue, isFieldUsed, usedWhenRequiredMessage } from "../../common/used-when.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { resourceByName } from "../../../generated/resources.ts";
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { validationError } from "../platform/http/envelope.ts";
import { join, raw, sql } from "../platform/db/sql.ts";
import { ident } from "./sql.ts";

/** The named fields of one stored row, by field name (null when the row is gone). */
async function storedFields(tx: DbSession, def: ResourceDef, tenantId: number, id: number, fields: readonly FieldDef[]): Promise<Record<string, unknown> | null> {
  const columns = fields.map((f) => sql`${raw(ident(f.column))} as ${raw(ident(`f${fields.indexOf(f)}`))}`);
  const { rows } = await tx.query<Record<string, unknown>>(sql`select ${join(columns, ", ")} from ${raw(ident(def.table))} where tenant_id = ${tenantId} and id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  return Object.fromEntries(fields.map((f, i) => [f.name, row[`f${i}`]]));
}

/**
 * usedWhen on the stored row: a required field its condition uses may not be empty (400 with the
 * field's message); a field its condition does not use is cleared.
 */
export async function applyUsedWhen(tx: DbSession, session: SessionInfo, def: ResourceDef, id: number): Promise<void> {
  const conditional = def.fields.filter((f) => f.usedWhen);
  if (!conditional.length) return;
  const controls = def.fields.filter((f) => conditional.some((c) => c.usedWhen!.field === f.name));
  const row = await storedFields(tx, def, session.tenantId, id, [...controls, ...conditional]);
  if (!row) return;
  const errors: FieldError[] = [];
  const unused: FieldDef[] = [];
  for (const f of conditional) {
    const used = isFieldUsed(f, row);
    if (used && f.usedWhen!.required && isBlankValue(row[f.name])) errors.push({ field: f.name, message: fillScene(usedWhenRequiredMessage(f), session.sceneName) });
    if (!used && row[f.name] !== null && row[f.name] !== undefined) unused.push(f);
  }
  if (errors.length) throw validationError(errors);
  if (!unused.length) return;
  const cleared = unused.map((f) => sql`${raw(ident(f.column))} = null`);
  await tx.query(sql`update ${raw(ident(def.table))} set ${join(cleared, ", ")} where tenant_id = ${session.tenantId} and id = ${id}`);
}

/** The condition of a ref's where as its message says it: 项目类别为“押金类”、…. */
function whereText(target: ResourceDef, where: Record<string, string | number | boolean>): string {
  return Object.entries(where)
    .map(([name, value]) => {
      const f = target.fields.find((x) => x.name === name)!;
      return fillMessage.refWhereCondition({ field: f.label, value: f.mapping ? mappingLabel(f.mapping, String(value)) : String(value) });
    })
    .join("、");
}

/** ref.where on the stored row: each reference with a where names a target row that holds its values. */
export async function assertRefsWhere(tx: DbSession, session: SessionInfo, def: ResourceDef, id: number): Promise<void> {
  const refs = def.fields.filter((f) => f.ref?.where);
  if (!refs.length) return;
  const row = await storedFields(tx, def, session.tenantId, id, refs);
  if (!row) return;
  const errors: FieldError[] = [];
  for (const f of refs) {
    const value = row[f.name];
    if (value === null || value === undefined) continue;
    const target = resourceByName[f.ref!.resource];
    const where = f.ref!.where!;
    const conditions = Object.entries(where).map(([name, expected]) => {
      const column = target.fields.find((x) => x.name === name)!.column;
      return sql`${raw(ident(column))} = ${expected}`;
    });
    const { rows } = await tx.query(sql`select 1 from ${raw(ident(target.table))} where tenant_id = ${session.tenantId} and id = ${value} and ${join(conditions, " and ")}`);
    if (rows.length) continue;
    errors.push({ field: f.name, message: fillScene(fillMessage.refOutsideWhere({ label: f.label, condition: whereText(target, where), target: target.label }), session.sceneName) });
  }
  if (errors.length) throw validationError(errors);
}

/** ref.dependsOn on the stored row: each such reference names a target row under the other reference's row. */
export async function assertRefsUnder(tx: DbSession, session: SessionInfo, def: ResourceDef, id: number): Promise<void> {
  const refs = def.fields.filter((f) => f.ref?.dependsOn);
  if (!refs.length) return;
  const parents = def.fields.filter((p) => refs.some((f) => f.ref!.dependsOn === p.name));
  const row = await storedFields(tx, def, session.tenantId, id, [...refs, ...parents]);
  if (!row) return;
  const errors: FieldError[] = [];
  for (const f of refs) {
    const parent = parents.find((p) => p.name === f.ref!.dependsOn)!;
    if (row[f.name] === null || row[parent.name] === null) continue;
    const target = resourceByName[f.ref!.resource];
    const parentColumn = target.fields.find((x) => x.name === parent.name)!.column;
    const { rows } = await tx.query(sql`select 1 from ${raw(ident(target.table))} where tenant_id = ${session.tenantId} and id = ${row[f.name]} and ${raw(ident(parentColumn))} = ${row[parent.name]}`);
    if (rows.length) continue;
    errors.push({ field: f.name, message: fillScene(fillMessage.refNotUnder({ label: f.label, parent: parent.label }), session.sceneName) });
  }
  if (errors.length) throw validationError(errors);
}
