// What the Excel import of a resource (schemas: importable: true) reads: its template's columns and
// how one row becomes the resource's payload. Generic: every writable form field (not json, image
// or secret) is a column; a reference column takes the referenced row's name (its label field,
// within the tenant, and the import's community for community-level targets). Per resource:
//   rooms        楼栋 / 单元 by name, created when missing (with their own rules);
//   inhabitants  楼栋 + 单元 + 房号 name the room (it must exist);
//   communities  所属区域 by name (the area must exist).
// Row problems are RowProblem (their message goes into the import report with the row number).
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { mappings } from "../../../generated/mappings.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { ownerLabel } from "../../common/mappings.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import type { DbSession } from "../db/types.ts";
import { buildModel } from "../crud/model.ts";
import { insertRow } from "../crud/insert.ts";
import { ident } from "../crud/sql.ts";
import { CellProblem, columnLabel, importValue } from "./cells.ts";

export class RowProblem extends Error {}

export type Cells = Record<string, string | Date | null>;

export interface ImportColumn {
  key: string;
  label: string;
  required: boolean;
  /** The resource field the column fills; absent for columns that only locate something (楼栋, 单元, 房号). */
  field?: FieldDef;
  /** What to write (the template's 填写说明 sheet). */
  hint: string;
  example: string;
}

export interface RowContext {
  tx: DbSession;
  session: SessionInfo;
  communityId: number | null;
}

export interface Importer {
  columns(scene: string): ImportColumn[];
  /** One row's cells as the resource's payload (without communityId); throws RowProblem. */
  record(ctx: RowContext, cells: Cells): Promise<Record<string, unknown>>;
}

const SKIPPED_TYPES = new Set(["json", "image", "secret"]);

function hintOf(field: FieldDef, scene: string): string {
  const parts: string[] = [field.required ? "必填" : "选填"];
  if (field.mapping) {
    const m = mappings[field.mapping];
    parts.push(`可选：${Object.entries(m.values).map(([code, v]) => (field.mapping === "residentIdentity" && code === "1" ? ownerLabel(scene) : v.label)).join("、")}`);
  } else if (field.type === "boolean") parts.push("填写“是”或“否”");
  else if (field.type === "date") parts.push("日期，如 2024-05-01");
  else if (field.type === "datetime") parts.push("时间，如 2024-05-01 09:30");
  else if (field.type === "ref") parts.push(`填写已有${fillScene(resourceByName[field.ref!.resource]?.label ?? "", scene)}的名称`);
  if (field.maxLength && (field.type === "string" || field.type === "text")) parts.push(`不超过${field.maxLength}个字符`);
  return parts.join("；");
}

const EXAMPLES: Record<string, string> = {
  name: "阳光花园",
  areaId: "东城区域",
  administrativeCode: "110101",
  address: "幸福路1号",
  longitude: "116.397128",
  latitude: "39.916527",
  contactName: "张三",
  contactPhone: "13800000000",
  totalArea: "12000.50",
  building: "1栋",
  unit: "1单元",
  roomNo: "101",
  floor: "1",
  buildingArea: "89.50",
  maxResidents: "6",
  phone: "13800000000",
  idCard: "110101199001011234",
  email: "zhangsan@example.com",
  moveInDate: "2024-05-01",
};

function fieldColumns(def: ResourceDef, scene: string, omit: string[] = []): ImportColumn[] {
  return def.fields
    .filter((f) => f.form && !f.readOnly && !SKIPPED_TYPES.has(f.type) && !omit.includes(f.name))
    .map((f) => ({
      key: f.name,
      label: columnLabel(f, scene),
      required: f.required,
      field: f,
      hint: hintOf(f, scene),
      example: f.mapping ? (f.mapping === "residentIdentity" ? ownerLabel(scene) : (Object.values(mappings[f.mapping].values)[0]?.label ?? "")) : (EXAMPLES[f.name] ?? (def.name === "inhabitants" && f.name === "name" ? "张三" : "")),
    }));
}

const text = (cell: string | Date | null | undefined): string => (cell === null || cell === undefined ? "" : cell instanceof Date ? cell.toISOString().slice(0, 10) : cell.trim());

/** The id of a referenced row by its label (within the tenant, and the community for community-level targets). */
async function refByLabel(ctx: RowContext, field: FieldDef, label: string): Promise<number | null> {
  const target = resourceByName[field.ref!.resource];
  const labelField = target.fields.find((f) => f.name === field.ref!.labelField);
  if (!labelField) return null;
  const params: unknown[] = [ctx.session.tenantId, label];
  let sql = `select id from ${ident(target.table)} where tenant_id = $1 and ${ident(labelField.column)} = $2`;
  if (target.scope === "community" && ctx.communityId !== null) {
    params.push(ctx.communityId);
    sql += " and community_id = $3";
  }
  const { rows } = await ctx.tx.query<{ id: number }>(`${sql} order by id limit 1`, params);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Field columns as payload values: conversions and reference names. */
async function fieldValues(ctx: RowContext, columns: ImportColumn[], cells: Cells): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const scene = ctx.session.sceneName;
  for (const c of columns) {
    if (!c.field) continue;
    const cell = cells[c.key] ?? null;
    if (c.field.type === "ref") {
      const label = text(cell);
      if (!label) continue;
      const id = await refByLabel(ctx, c.field, label);
      if (id === null) throw new RowProblem(`${c.label}“${label}”不存在`);
      out[c.key] = id;
      continue;
    }
    const value = importValue(c.field, cell, scene);
    if (value instanceof CellProblem) throw new RowProblem(value.message);
    if (value !== undefined) out[c.key] = value;
  }
  return out;
}

function genericImporter(def: ResourceDef): Importer {
  return {
    columns: (scene) => fieldColumns(def, scene),
    record: (ctx, cells) => fieldValues(ctx, fieldColumns(def, ctx.session.sceneName), cells),
  };
}

const buildings = buildModel(resourceByName.buildings);
const units = buildModel(resourceByName.units);

/** A row's problem in the words of a rule message, naming the column when the message does not. */
export function withColumn(label: string, message: string): string {
  return message.includes(label) ? message : `${label}：${message}`;
}

async function findOrCreate(ctx: RowContext, kind: "buildings" | "units", name: string, parent: Record<string, unknown>): Promise<number> {
  const model = kind === "buildings" ? buildings : units;
  const params: unknown[] = [ctx.session.tenantId, ctx.communityId, name];
  let sql = `select id from ${model.table} where tenant_id = $1 and community_id = $2 and name = $3`;
  if (kind === "units") {
    params.push(parent.buildingId);
    sql += " and building_id = $4";
  }
  const { rows } = await ctx.tx.query<{ id: number }>(`${sql} order by id limit 1`, params);
  if (rows[0]) return Number(rows[0].id);
  const values = { name, ...parent, communityId: ctx.communityId };
  const errors = validateResource(kind, "create", values, ctx.session.sceneName);
  if (errors.length) throw new RowProblem(withColumn(kind === "buildings" ? "楼栋" : "单元", errors[0].message));
  return insertRow(ctx.tx, model, ctx.session, values, { communityId: ctx.communityId });
}

const locatorColumns = (withRoomNo: boolean): ImportColumn[] => [
  { key: "building", label: "楼栋", required: true, hint: "必填；楼栋名称", example: EXAMPLES.building },
  { key: "unit", label: "单元", required: true, hint: "必填；单元名称", example: EXAMPLES.unit },
  ...(withRoomNo ? [{ key: "roomNo", label: "房号", required: true, hint: "必填；该单元下已有的房号", example: EXAMPLES.roomNo }] : []),
];

const roomsImporter: Importer = {
  columns: (scene) => [
    ...locatorColumns(false).map((c) => ({ ...c, hint: `${c.hint}，不存在时自动创建` })),
    ...fieldColumns(resourceByName.rooms, scene, ["buildingId", "unitId"]),
  ],
  async record(ctx, cells) {
    const building = text(cells.building);
    const unit = text(cells.unit);
    if (!building) throw new RowProblem("请输入楼栋");
    if (!unit) throw new RowProblem("请输入单元");
    const buildingId = await findOrCreate(ctx, "buildings", building, {});
    const unitId = await findOrCreate(ctx, "units", unit, { buildingId });
    const values = await fieldValues(ctx, fieldColumns(resourceByName.rooms, ctx.session.sceneName, ["buildingId", "unitId"]), cells);
    return { ...values, buildingId, unitId };
  },
};

const inhabitantsImporter: Importer = {
  columns: (scene) => [...locatorColumns(true), ...fieldColumns(resourceByName.inhabitants, scene, ["roomId"])],
  async record(ctx, cells) {
    const [building, unit, roomNo] = [text(cells.building), text(cells.unit), text(cells.roomNo)];
    if (!building || !unit || !roomNo) throw new RowProblem("请填写楼栋、单元和房号");
    const { rows } = await ctx.tx.query<{ id: number }>(
      `select r.id from rooms r
         join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
         join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id
        where r.tenant_id = $1 and r.community_id = $2 and b.name = $3 and u.name = $4 and r.room_no = $5
        order by r.id limit 1`,
      [ctx.session.tenantId, ctx.communityId, building, unit, roomNo],
    );
    if (!rows[0]) throw new RowProblem(`房屋“${building}-${unit}-${roomNo}”不存在`);
    const values = await fieldValues(ctx, fieldColumns(resourceByName.inhabitants, ctx.session.sceneName, ["roomId"]), cells);
    return { ...values, roomId: Number(rows[0].id) };
  },
};

const special: Record<string, Importer> = { rooms: roomsImporter, inhabitants: inhabitantsImporter };

/** The importer of an importable resource (undefined for the others). */
export function importerOf(resource: string): Importer | undefined {
  const def = resourceByName[resource];
  if (!def?.importable) return undefined;
  return special[resource] ?? genericImporter(def);
}
