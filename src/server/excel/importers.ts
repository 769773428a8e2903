// What the Excel import of a resource (schemas: importable: true) reads: its template's columns and
// how its rows are checked and written. Generic: every writable form field (not json, image or
// secret) is a column; a reference column takes the referenced row's name (its label field, within
// the tenant, and the import's community for community-level targets). Per resource:
//   rooms        楼栋 / 单元 by name, created when missing (with their own rules);
//   inhabitants  楼栋 + 单元 + 房号 name the room (it must exist);
//   communities  所属区域 by name (the area must exist).
// A chunk of rows is written set-wise (importer.write): the names of the whole chunk are looked up in
// one query each, every row is converted and checked in memory with the resource's generated
// validator, and the rows that pass are written with one INSERT (bulk.ts) — the 楼栋 / 单元 they need
// first, made only for rows that are written, so a rejected row leaves nothing behind. A rejected
// row's reason lists every fault it has, in column order, each naming its column (joined with ；):
// each cell that cannot be read (a name that does not exist, a value not in the list) and each rule
// the others break. A row whose unique key an earlier row of the file or a stored row holds is
// rejected as a duplicate: a room by 楼栋 + 单元 + 房号 (房屋已存在), a resident by room + 手机号
// (该房屋已有此手机号的住户; no unique index: checked against the stored residents and the rows
// written before it).
import { fillTexts } from "../../../generated/fill-texts.ts";
import { constants } from "../../../generated/constants.ts";
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { mappings } from "../../../generated/mappings.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { ownerLabel } from "../../common/mappings.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import { texts } from "../../../generated/texts.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { buildModel, type ResourceModel } from "../crud/model.ts";
import { ident } from "../crud/sql.ts";
import { raw, sql, when } from "../platform/db/sql.ts";
import { CellProblem, columnLabel, importValue } from "./cells.ts";
import { elementType, insertMany } from "./bulk.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { ResourceInput } from "../crud/row.ts";
import { resourceHooks } from "../crud/hooks.ts";
import { queueResidentsCreated } from "../webhooks/public.ts";
import { scalarText } from "../../common/scalar-text.ts";

export type Cells = Record<string, string | Date | null>;

/** The reason of a row whose unique key is already taken (by a stored row or an earlier row of the file). */
export const DUPLICATE_REASON = texts.importReasons.duplicate;

export interface ImportColumn {
  key: string;
  label: string;
  required: boolean;
  /** The resource field the column fills; absent for columns that only locate something (楼栋, 单元, 房号). */
  field?: FieldDef;
  /** What to write (the template's 填写说明 sheet). */
  hint: string;
  example: string;
  /** The values the column takes (a mapping's labels, 是 / 否): the template's dropdown. */
  options?: string[];
}

export interface ImportContext {
  tx: DbSession;
  session: SessionInfo;
  communityId: number | null;
}

export interface ImportRow {
  /** The Excel row number (the header is row 1). */
  row: number;
  cells: Cells;
}

export interface ImportResult {
  written: number;
  rejected: { row: number; reason: string }[];
}

export interface Importer {
  columns(scene: string): ImportColumn[];
  /**
   * Checks and writes rows in the caller's transaction: each row is written whole, or rejected with
   * its reason and leaves nothing behind. Throws only on what the checks did not foresee (a database
   * error): the caller then undoes the call and writes the rows one at a time.
   */
  write(ctx: ImportContext, rows: ImportRow[]): Promise<ImportResult>;
  /** The reason of a row the database refuses as a duplicate when the rows are written one by one (default DUPLICATE_REASON). */
  duplicateReason?: string;
}

const SKIPPED_TYPES = new Set(["json", "image", "secret"]);

/** The values a mapping or boolean field takes in a cell, as the screens show them (residentIdentity 1 follows the scene name); undefined for other fields. */
function optionsOf(field: FieldDef, scene: string): string[] | undefined {
  if (field.mapping) return Object.entries(mappings[field.mapping].values).map(([code, v]) => (field.mapping === "residentIdentity" && code === "1" ? ownerLabel(scene) : v.label));
  if (field.type === "boolean") return [texts.excel.yes, texts.excel.no];
  return undefined;
}

function hintOf(field: FieldDef, scene: string): string {
  const t = texts.excel;
  const parts: string[] = [field.required ? t.hintRequired : t.hintOptional];
  if (field.mapping) parts.push(fillTexts.excel.hintOptions({ options: optionsOf(field, scene)!.join(t.optionSeparator) }));
  else if (field.type === "boolean") parts.push(t.hintBoolean);
  else if (field.type === "date") parts.push(t.hintDate);
  else if (field.type === "datetime") parts.push(t.hintDatetime);
  else if (field.type === "ref") parts.push(fillTexts.excel.hintRef({ resource: fillScene(resourceByName[field.ref!.resource]?.label ?? "", scene) }));
  if (field.maxLength && (field.type === "string" || field.type === "text")) parts.push(fillTexts.excel.hintMaxLength({ max: field.maxLength }));
  return parts.join(t.hintSeparator);
}

/** Examples by field name (texts hold the Chinese ones). */
const EXAMPLES: Record<string, string> = {
  areaId: texts.excelExamples.areaId,
  address: texts.excelExamples.address,
  contactName: texts.excelExamples.contactName,
  buildingId: texts.excelExamples.building,
  floors: "18",
  sortNo: "1",
  administrativeCode: "110101",
  longitude: "116.397128",
  latitude: "39.916527",
  contactPhone: "13800000000",
  totalArea: "12000.50",
  roomNo: "101",
  floor: "1",
  buildingArea: "89.50",
  chargeArea: "85.00",
  deliveryDate: "2024-05-01",
  maxResidents: "6",
  phone: "13800000000",
  idCard: "110101199001011237",
  email: "zhangsan@example.com",
  moveInDate: "2024-05-01",
};

/** Examples of a field whose name means different things in different resources (a community's 名称, a person's 姓名). */
const RESOURCE_EXAMPLES: Record<string, Record<string, string>> = {
  communities: { name: texts.excelExamples.communityName },
  buildings: { name: texts.excelExamples.building },
  units: { name: texts.excelExamples.unit },
  inhabitants: { name: texts.excelExamples.inhabitantName },
};

function fieldColumns(def: ResourceDef, scene: string, omit: string[] = []): ImportColumn[] {
  return def.fields
    .filter((f) => f.form && !f.readOnly && !SKIPPED_TYPES.has(f.type) && !omit.includes(f.name))
    .map((f) => {
      const options = optionsOf(f, scene);
      return {
        key: f.name,
        label: columnLabel(f, scene),
        required: f.required,
        field: f,
        hint: hintOf(f, scene),
        example: options?.[0] ?? RESOURCE_EXAMPLES[def.name]?.[f.name] ?? EXAMPLES[f.name] ?? "",
        ...(options ? { options } : {}),
      };
    });
}

const text = (cell: string | Date | null | undefined): string => (cell === null || cell === undefined ? "" : cell instanceof Date ? cell.toISOString().slice(0, 10) : cell.trim());

/** A row's problem in the words of a rule message, naming the column when the message does not. */
export function withColumn(label: string, message: string): string {
  return message.includes(label) ? message : `${label}：${message}`;
}

/**
 * Ids of referenced rows by their labels (within the tenant, and the community for community-level
 * targets; the first by id when a label repeats): one query for all the labels of a chunk.
 */
async function idsByLabel(ctx: ImportContext, field: FieldDef, labels: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const target = resourceByName[field.ref!.resource];
  const labelField = target.fields.find((f) => f.name === field.ref!.labelField);
  if (!labelField || !labels.length) return out;
  const column = raw(ident(labelField.column));
  const inCommunity = when(target.scope === "community" && ctx.communityId !== null, () => sql` and community_id = ${ctx.communityId}`);
  const { rows } = await ctx.tx.query<{ label: string; id: number }>(
    sql`select distinct on (${column}) ${column}::text as label, id from ${raw(ident(target.table))}
         where tenant_id = ${ctx.session.tenantId} and ${column} = any(${labels}::${raw(elementType(labelField))}[])${inCommunity} order by ${column}, id`,
  );
  for (const r of rows) out.set(r.label, Number(r.id));
  return out;
}

type RefIds = Map<string, Map<string, number>>;

/** For each reference column, the ids of the labels the rows give (one query a column). */
async function refIdsOf(ctx: ImportContext, columns: ImportColumn[], rows: ImportRow[]): Promise<RefIds> {
  const out: RefIds = new Map();
  for (const c of columns) {
    if (c.field?.type !== "ref") continue;
    out.set(c.key, await idsByLabel(ctx, c.field, [...new Set(rows.map((r) => text(r.cells[c.key])).filter((l) => l !== ""))]));
  }
  return out;
}

/**
 * A row's field cells as payload values, and every fault of the row's cells in column order: each
 * cell that cannot be its field's value (a reference name that does not exist, a text not in the
 * list), then, for the fields whose cell could be read, each rule the payload breaks (the resource's
 * generated create validator, `context` added: the community, and the room, 楼栋 and 单元 the
 * locator columns found; the first check each field fails), each naming its column. `columns` are
 * all the template's columns (their order and labels); those without a field only locate.
 */
function rowValues(def: ResourceDef, columns: ImportColumn[], cells: Cells, refs: RefIds, scene: string, context: ResourceInput): { values: ResourceInput; faults: string[] } {
  const values: ResourceInput = {};
  const faults: { at: number; message: string }[] = [];
  const unread = new Set<string>();
  columns.forEach((c, at) => {
    if (!c.field) return;
    const cell = cells[c.key] ?? null;
    if (c.field.type === "ref") {
      const label = text(cell);
      if (!label) return;
      const id = refs.get(c.key)?.get(label);
      if (id !== undefined) values[c.key] = id;
      else {
        unread.add(c.key);
        faults.push({ at, message: fillTexts.importReasons.refMissing({ label: c.label, text: label }) });
      }
      return;
    }
    const value = importValue(c.field, cell, scene);
    if (value instanceof CellProblem) {
      unread.add(c.key);
      faults.push({ at, message: value.message });
    } else if (value !== undefined) values[c.key] = value;
  });
  for (const e of validateResource(def.name, "create", { ...values, ...context }, scene)) {
    if (unread.has(e.field)) continue; // its cell's own fault is reported
    const at = columns.findIndex((c) => c.key === e.field);
    const field = def.fields.find((f) => f.name === e.field);
    const label = at >= 0 ? columns[at].label : field ? columnLabel(field, scene) : "";
    faults.push({ at: at >= 0 ? at : columns.length, message: withColumn(label, e.message) });
  }
  faults.sort((a, b) => a.at - b.at); // stable: a cell's own fault before its rule's
  return { values, faults: faults.map((f) => f.message) };
}

/** A row's faults as its reason: joined with ；, cut to the length limit (the task keeps the reasons of up to importMaxErrorRows rows). */
function reasonOf(faults: string[]): string {
  const chars = [...faults.join(texts.importReasons.separator)];
  const max = constants.importMaxReasonLength;
  return chars.length > max ? chars.slice(0, max - 1).join("") + texts.importReasons.ellipsis : chars.join("");
}

/** A chunk on its way: each row's faults (none while it may still be written). */
class Chunk {
  readonly faults: string[][];
  constructor(readonly rows: ImportRow[]) {
    this.faults = rows.map(() => []);
  }
  reject(i: number, ...faults: string[]): void {
    this.faults[i].push(...faults);
  }
  result(written: number): ImportResult {
    const rejected: ImportResult["rejected"] = [];
    this.faults.forEach((faults, i) => faults.length && rejected.push({ row: this.rows[i].row, reason: reasonOf(faults) }));
    return { written, rejected };
  }
}

/** A row that passed every check, with the payload it writes. */
interface Staged {
  i: number;
  values: ResourceInput;
}

/** A key's value as text for comparing rows (null: a part is empty, so the key never clashes). */
function keyText(parts: unknown[]): string | null {
  return parts.some((p) => p === null || p === undefined || p === "") ? null : JSON.stringify(parts.map(String));
}

/**
 * Writes the staged rows with the precedence of writing them one by one in file order: a row whose
 * unique key (`unique:` of the schema) a stored row or an earlier written row holds is rejected as
 * a duplicate, with the reason `duplicate`. Set-wise: the rows whose keys no earlier row of the
 * chunk shares go in one INSERT that leaves out what a unique index refuses (ON CONFLICT DO
 * NOTHING); a later row sharing a key with a written row is a duplicate, and one that shared keys
 * only with refused rows is tried in the next round (which only a resource with two unique keys can
 * need). Returns how many were written.
 */
/** Writes the staged rows; the ids of the rows written are added to `made` (when given). */
async function insertStaged(ctx: ImportContext, model: ResourceModel, chunk: Chunk, staged: Staged[], duplicate: string = DUPLICATE_REASON, made?: number[]): Promise<number> {
  const keys = model.def.unique ?? [];
  const texts = (s: Staged) => keys.map((key) => keyText(key.map((k) => (k === "communityId" ? ctx.communityId : s.values[k]))));
  if (!keys.length) {
    if (staged.length) {
      const rowsMade = await insertMany(
        ctx.tx,
        model,
        ctx.session,
        staged.map((s) => s.values),
        ctx.communityId,
      );
      made?.push(...rowsMade.map((r) => Number(r.id)));
    }
    return staged.length;
  }
  // Per key, the sheet row that wrote each value: a later row of the file holding it repeats that row.
  const written = keys.map(() => new Map<string, number>());
  let count = 0;
  let pending = staged.map((s) => ({ s, texts: texts(s) }));
  while (pending.length) {
    const seen = keys.map(() => new Set<string>());
    const batch: typeof pending = [];
    const later: typeof pending = [];
    for (const p of pending) {
      if (p.texts.some((t, k) => t !== null && seen[k].has(t))) later.push(p);
      else {
        p.texts.forEach((t, k) => t !== null && seen[k].add(t));
        batch.push(p);
      }
    }
    const rowsMade = await insertMany(
      ctx.tx,
      model,
      ctx.session,
      batch.map((p) => p.s.values),
      ctx.communityId,
      { skipTaken: true, returning: [...new Set(keys.flat())] },
    );
    made?.push(...rowsMade.map((r) => Number(r.id)));
    // Which rows were refused: none, the one row, or those whose key (one none of them leaves empty,
    // so distinct within the batch) is not among the written rows' keys as stored.
    let refused: (p: (typeof batch)[number]) => boolean = () => false;
    if (rowsMade.length < batch.length && batch.length === 1) refused = () => true;
    else if (rowsMade.length < batch.length) {
      const by = keys.findIndex((_, k) => batch.every((p) => p.texts[k] !== null));
      const made = new Set(rowsMade.map((r) => (by < 0 ? null : keyText(keys[by].map((k) => r[k])))));
      const inBatch = new Set(batch.map((p) => (by < 0 ? null : p.texts[by])));
      if (by < 0 || made.size !== rowsMade.length || ![...made].every((t) => inBatch.has(t))) {
        // Written rows that cannot be told apart (no key without empty parts), or that read back unlike
        // the file's values (a decimal's scale): the caller undoes the chunk and writes it row by row.
        throw new Error("import: the rows refused by a unique index could not be told apart");
      }
      refused = (p) => !made.has(p.texts[by]);
    }
    for (const p of batch) {
      if (refused(p)) {
        chunk.reject(p.s.i, duplicate);
        continue;
      }
      count++;
      p.texts.forEach((t, k) => t !== null && written[k].set(t, chunk.rows[p.s.i].row));
    }
    pending = [];
    for (const p of later) {
      const k = p.texts.findIndex((t, key) => t !== null && written[key].has(t));
      if (k >= 0) chunk.reject(p.s.i, fillTexts.importReasons.repeatsRow({ row: written[k].get(p.texts[k]!)! }));
      else pending.push(p);
    }
  }
  return count;
}

function genericImporter(def: ResourceDef): Importer {
  const model = buildModel(def);
  return {
    columns: (scene) => fieldColumns(def, scene),
    async write(ctx, rows) {
      const scene = ctx.session.sceneName;
      const columns = fieldColumns(def, scene);
      const chunk = new Chunk(rows);
      const refs = await refIdsOf(ctx, columns, rows);
      const staged: Staged[] = [];
      rows.forEach((r, i) => {
        const { values, faults } = rowValues(def, columns, r.cells, refs, scene, model.communityScoped ? { communityId: ctx.communityId } : {});
        if (faults.length) chunk.reject(i, ...faults);
        else staged.push({ i, values });
      });
      const written = await insertStaged(ctx, model, chunk, staged);
      await resourceHooks[def.name]?.afterImport?.(ctx.tx, ctx.session, ctx.communityId);
      return chunk.result(written);
    },
  };
}

const models = {
  buildings: buildModel(resourceByName.buildings),
  units: buildModel(resourceByName.units),
  rooms: buildModel(resourceByName.rooms),
  inhabitants: buildModel(resourceByName.inhabitants),
};

/**
 * What a reference to a row not made yet stands for while the rules are checked: the validators
 * check a reference's form (a positive whole number), and the 楼栋 / 单元 a row needs are made only
 * once the row has passed every check. It stands as well for a 楼栋, 单元 or room the locator columns
 * could not find (that fault is the row's own), so the row's other cells are still checked.
 */
const NOT_MADE_YET = 1;

/** The label of a field of rooms (the locator columns are named as the room form names them). */
const roomLabel = (name: string) => resourceByName.rooms.fields.find((f) => f.name === name)!.label;
const BUILDING_LABEL = roomLabel("buildingId");
const UNIT_LABEL = roomLabel("unitId");

const locatorColumns = (withRoomNo: boolean): ImportColumn[] => [
  { key: "building", label: BUILDING_LABEL, required: true, hint: fillTexts.excel.hintLocator({ label: BUILDING_LABEL }), example: texts.excelExamples.building },
  { key: "unit", label: UNIT_LABEL, required: true, hint: fillTexts.excel.hintLocator({ label: UNIT_LABEL }), example: texts.excelExamples.unit },
  ...(withRoomNo ? [{ key: "roomNo", label: roomLabel("roomNo"), required: true, hint: texts.excel.hintRoomNo, example: EXAMPLES.roomNo }] : []),
];

const unitKey = (buildingId: number, name: string) => `${buildingId}\t${name}`;

/** The 楼栋 of the community by name (one query). */
async function buildingIdsByName(ctx: ImportContext, names: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!names.length) return out;
  const { rows } = await ctx.tx.query<{ id: number; name: string }>(
    sql`select distinct on (name) id, name from buildings where tenant_id = ${ctx.session.tenantId} and community_id = ${ctx.communityId} and name = any(${names}::text[]) order by name, id`,
  );
  for (const r of rows) out.set(r.name, Number(r.id));
  return out;
}

/** The 单元 of those 楼栋 by building and name (one query). */
async function unitIdsByName(ctx: ImportContext, buildingIds: number[], names: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!buildingIds.length || !names.length) return out;
  const rows = await camelRows<{ id: number; buildingId: number; name: string }>(
    ctx.tx,
    sql`select distinct on (building_id, name) id, building_id, name from units
      where tenant_id = ${ctx.session.tenantId} and community_id = ${ctx.communityId} and building_id = any(${buildingIds}::bigint[]) and name = any(${names}::text[]) order by building_id, name, id`,
  );
  for (const r of rows) out.set(unitKey(Number(r.buildingId), r.name), Number(r.id));
  return out;
}

/** The rooms of those 单元 with those 房号 (one query): `unitKey(unitId, roomNo)` of each. */
async function storedRooms(ctx: ImportContext, wanted: { unitId: number; roomNo: string }[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (!wanted.length) return out;
  const rows = await camelRows<{ unitId: number; roomNo: string }>(
    ctx.tx,
    sql`select unit_id, room_no from rooms where tenant_id = ${ctx.session.tenantId} and unit_id = any(${[...new Set(wanted.map((w) => w.unitId))]}::bigint[]) and room_no = any(${[...new Set(wanted.map((w) => w.roomNo))]}::text[])`,
  );
  for (const r of rows) out.add(unitKey(Number(r.unitId), r.roomNo));
  return out;
}

const roomsImporter: Importer = {
  columns: (scene) => [
    ...locatorColumns(false).map((c) => ({ ...c, hint: fillTexts.excel.hintCreatedWhenMissing({ hint: c.hint }) })),
    ...fieldColumns(resourceByName.rooms, scene, ["buildingId", "unitId"]),
  ],
  duplicateReason: texts.importReasons.roomExists,
  async write(ctx, rows) {
    const scene = ctx.session.sceneName;
    const columns = fieldColumns(resourceByName.rooms, scene, ["buildingId", "unitId"]);
    const allColumns = roomsImporter.columns(scene);
    const chunk = new Chunk(rows);
    const names = rows.map((r) => ({ building: text(r.cells.building), unit: text(r.cells.unit) }));
    const buildingIds = await buildingIdsByName(ctx, [...new Set(names.map((n) => n.building).filter(Boolean))]);
    const unitIds = await unitIdsByName(ctx, [...new Set(buildingIds.values())], [...new Set(names.map((n) => n.unit).filter(Boolean))]);
    const located = names.map(({ building, unit }) => {
      const buildingId = building ? buildingIds.get(building) : undefined;
      return { buildingId, unitId: buildingId !== undefined && unit ? unitIds.get(unitKey(buildingId, unit)) : undefined };
    });
    // The rooms already stored in the 单元 the rows name (a new 单元 has none).
    const stored = await storedRooms(
      ctx,
      rows.flatMap((r, i) => {
        const unitId = located[i].unitId;
        const roomNo = text(r.cells.roomNo);
        return unitId !== undefined && roomNo ? [{ unitId, roomNo }] : [];
      }),
    );
    const refs = await refIdsOf(ctx, columns, rows);

    // A 楼栋 / 单元 to be made is checked by its own rules once per name (as the form would check it).
    const newNameProblems = new Map<string, string | null>();
    const newNameProblem = (kind: "buildings" | "units", name: string): string | null => {
      const key = `${kind}\t${name}`;
      if (!newNameProblems.has(key)) {
        const values = kind === "buildings" ? { name, communityId: ctx.communityId } : { name, buildingId: NOT_MADE_YET, communityId: ctx.communityId };
        const errors = validateResource(kind, "create", values, scene);
        newNameProblems.set(key, errors.length ? withColumn(kind === "buildings" ? BUILDING_LABEL : UNIT_LABEL, errors[0].message) : null);
      }
      return newNameProblems.get(key)!;
    };

    const staged: (Staged & { building: string; unit: string })[] = [];
    rows.forEach((r, i) => {
      const { building, unit } = names[i];
      const { buildingId, unitId } = located[i];
      const faults: string[] = [];
      const nameFault = (kind: "buildings" | "units", name: string, required: string, found: boolean) => {
        const fault = !name ? required : found ? null : newNameProblem(kind, name);
        if (fault) faults.push(fault);
      };
      nameFault("buildings", building, texts.importReasons.buildingRequired, buildingId !== undefined);
      nameFault("units", unit, texts.importReasons.unitRequired, unitId !== undefined);
      const context = { buildingId: buildingId ?? NOT_MADE_YET, unitId: unitId ?? NOT_MADE_YET, communityId: ctx.communityId };
      const { values, faults: cellFaults } = rowValues(resourceByName.rooms, allColumns, r.cells, refs, scene, context);
      faults.push(...cellFaults);
      if (unitId !== undefined && stored.has(unitKey(unitId, text(r.cells.roomNo)))) faults.push(texts.importReasons.roomExists);
      if (faults.length) chunk.reject(i, ...faults);
      else staged.push({ i, values, building, unit });
    });

    // The 楼栋, then the 单元, the rows that passed need (each made once, in the order first needed).
    const newBuildings = [...new Set(staged.filter((s) => !buildingIds.has(s.building)).map((s) => s.building))];
    if (newBuildings.length) {
      const made = await insertMany(
        ctx.tx,
        models.buildings,
        ctx.session,
        newBuildings.map((name) => ({ name })),
        ctx.communityId,
        { returning: ["name"] },
      );
      for (const r of made) buildingIds.set(scalarText(r.name), Number(r.id));
    }
    const newUnits = new Map<string, { buildingId: number; name: string }>();
    for (const s of staged) {
      const key = unitKey(buildingIds.get(s.building)!, s.unit);
      if (!unitIds.has(key) && !newUnits.has(key)) newUnits.set(key, { buildingId: buildingIds.get(s.building)!, name: s.unit });
    }
    if (newUnits.size) {
      const made = await insertMany(ctx.tx, models.units, ctx.session, [...newUnits.values()], ctx.communityId, { returning: ["buildingId", "name"] });
      for (const r of made) unitIds.set(unitKey(Number(r.buildingId), scalarText(r.name)), Number(r.id));
    }
    for (const s of staged) {
      const buildingId = buildingIds.get(s.building)!;
      s.values = { ...s.values, buildingId, unitId: unitIds.get(unitKey(buildingId, s.unit))! };
    }
    return chunk.result(await insertStaged(ctx, models.rooms, chunk, staged, texts.importReasons.roomExists));
  },
};

const inhabitantsImporter: Importer = {
  columns: (scene) => [...locatorColumns(true), ...fieldColumns(resourceByName.inhabitants, scene, ["roomId"])],
  async write(ctx, rows) {
    const scene = ctx.session.sceneName;
    const columns = fieldColumns(resourceByName.inhabitants, scene, ["roomId"]);
    const allColumns = inhabitantsImporter.columns(scene);
    const chunk = new Chunk(rows);
    const where = rows.map((r) => [text(r.cells.building), text(r.cells.unit), text(r.cells.roomNo)] as const);
    const complete = (i: number) => where[i].every((part) => part !== "");
    // The rooms the rows name, by 楼栋 + 单元 + 房号 (one query; the first by id if a name repeats).
    const wanted = [...new Map(where.filter((_, i) => complete(i)).map((w) => [w.join("\t"), w])).values()];
    const roomIds = new Map<string, number>();
    if (wanted.length) {
      const { rows: found } = await ctx.tx.query<{ k: number; id: number }>(
        sql`select distinct on (k.k) k.k, r.id from unnest(${wanted.map((_, k) => k)}::int[], ${wanted.map((w) => w[0])}::text[], ${wanted.map((w) => w[1])}::text[], ${wanted.map((w) => w[2])}::text[]) as k(k, building, unit, room_no)
           join rooms r on r.tenant_id = ${ctx.session.tenantId} and r.community_id = ${ctx.communityId} and r.room_no = k.room_no
           join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id and u.name = k.unit
           join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id and b.name = k.building
          order by k.k, r.id`,
      );
      for (const r of found) roomIds.set(wanted[Number(r.k)].join("\t"), Number(r.id));
    }
    const roomOf = (i: number) => (complete(i) ? roomIds.get(where[i].join("\t")) : undefined);
    // A resident is its room and phone: the pairs the rows name that stored residents hold (one query).
    const residentKey = (roomId: number, phone: string) => `${roomId}\t${phone}`;
    const pairs = rows.flatMap((r, i) => {
      const roomId = roomOf(i);
      const phone = text(r.cells.phone);
      return roomId !== undefined && phone ? [{ roomId, phone }] : [];
    });
    const stored = new Set<string>();
    if (pairs.length) {
      const found = await camelRows<{ roomId: number; phone: string }>(
        ctx.tx,
        sql`select room_id, phone from inhabitants where tenant_id = ${ctx.session.tenantId} and room_id = any(${[...new Set(pairs.map((p) => p.roomId))]}::bigint[]) and phone = any(${[...new Set(pairs.map((p) => p.phone))]}::text[])`,
      );
      for (const r of found) stored.add(residentKey(Number(r.roomId), r.phone));
    }
    const refs = await refIdsOf(ctx, columns, rows);
    const staged: Staged[] = [];
    const taken = new Set<string>(); // the pairs of the rows staged before (the file's earlier rows)
    rows.forEach((r, i) => {
      const faults: string[] = [];
      const roomId = roomOf(i);
      if (!complete(i)) faults.push(texts.importReasons.roomRequired);
      else if (roomId === undefined) faults.push(fillTexts.importReasons.roomMissing({ room: where[i].join("-") }));
      const { values, faults: cellFaults } = rowValues(resourceByName.inhabitants, allColumns, r.cells, refs, scene, { roomId: roomId ?? NOT_MADE_YET, communityId: ctx.communityId });
      faults.push(...cellFaults);
      const phone = text(r.cells.phone);
      const key = roomId === undefined || !phone ? null : residentKey(roomId, phone);
      if (key !== null && (stored.has(key) || taken.has(key))) faults.push(texts.importReasons.inhabitantExists);
      if (faults.length) return chunk.reject(i, ...faults);
      if (key !== null) taken.add(key);
      staged.push({ i, values: { ...values, roomId } });
    });
    // Each resident the file adds is resident.created, as one added on the form (one statement for the chunk).
    const made: number[] = [];
    const count = await insertStaged(ctx, models.inhabitants, chunk, staged, DUPLICATE_REASON, made);
    await queueResidentsCreated(ctx.tx, ctx.session.tenantId, made);
    return chunk.result(count);
  },
};

const special: Record<string, Importer> = { rooms: roomsImporter, inhabitants: inhabitantsImporter };

/** The importer of an importable resource (undefined for the others). */
export function importerOf(resource: string): Importer | undefined {
  const def = resourceByName[resource];
  if (!def?.importable) return undefined;
  return special[resource] ?? genericImporter(def);
}
