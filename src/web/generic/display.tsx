// How a field's value shows on the list and detail pages: mappings as a Tag in the mapping's colour
// (or as text), masked formats (spec §3), dates with dayjs, money with two decimals, booleans 是/否,
// references by the referenced row's label.
import { useMany, type BaseKey } from "@refinedev/core";
import { Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { Suspense, type ReactNode } from "react";
import type { FieldDef } from "../../../generated/model-types.ts";
import { mappingColor, mappingLabel, ownerLabel } from "../../common/mappings.ts";
import { mask } from "../../common/masks.ts";
import { lazyPage } from "../lib/lazyPage.ts";
import { canAccess } from "../providers/accessControlProvider.ts";
import { getSceneName } from "../state/scene.ts";
import { AuthoritySummary } from "./authorities/AuthoritySummary.tsx";
import { CommunityScopeSummary } from "./communities/CommunityScopeSummary.tsx";
import { displayKit } from "./field-kits.ts";
import { refLabelKey } from "./fields.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { chinaDateTime } from "../../common/china-time.ts";

/** Images show in antd's Image (with its preview), a kit of its own (field-kits.ts). */
const ImageValue = lazyPage(() => import("./kits/ImageValue.tsx"));

export const EMPTY_TEXT = "-";

/** Mapping labels that follow the scene name (schema: residentIdentity 1 reads as ownerLabel). */
const sceneLabels: Record<string, Record<string, (scene: string) => string>> = {
  residentIdentity: { "1": ownerLabel },
};

export function mappingText(mapping: string, value: unknown, scene: string = getSceneName()): string {
  const code = value === null || value === undefined ? value : scalarText(value);
  const byScene = code != null ? sceneLabels[mapping]?.[code] : undefined;
  return byScene ? byScene(scene) : mappingLabel(mapping, code);
}

/** "12.5" → "12.50"; text that is not a number shows as it is. No floating point involved. */
export function moneyText(value: unknown): string {
  const text = String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const decimals = (m[3] ?? "").padEnd(2, "0");
  return `${m[1]}${m[2]}.${decimals}`;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "";

/** The text of a plain (non-ref) value; also used for titles and confirmations. */
export function valueText(field: FieldDef, value: unknown, scene?: string): string {
  if (isEmpty(value)) return EMPTY_TEXT;
  if (field.mapping) return mappingText(field.mapping, value, scene);
  if (field.mask) return mask(field.mask, value as string) || EMPTY_TEXT;
  switch (field.type) {
    case "boolean":
      return value === true || value === "true" || value === 1 ? "是" : "否";
    case "date": {
      const d = dayjs(value as string);
      return d.isValid() ? d.format("YYYY-MM-DD") : scalarText(value);
    }
    case "datetime":
      // An instant, shown on China's clock as every page of the product shows it (not the browser's).
      return dayjs(value as string).isValid() ? chinaDateTime(value) : scalarText(value);
    case "money":
      return moneyText(value);
    case "json":
      return typeof value === "string" ? value : JSON.stringify(value);
    default:
      return scalarText(value);
  }
}

interface FieldValueProps {
  field: FieldDef;
  value: unknown;
  /** The whole row, for a reference's label (<field>Label). */
  row?: Record<string, unknown>;
  /** Every id of this reference on the page, so one lookup serves the whole column. */
  pageIds?: BaseKey[];
  /** The detail page shows long values whole. */
  detail?: boolean;
}

export function FieldValue({ field, value, row, pageIds, detail }: FieldValueProps): ReactNode {
  if (field.type === "ref" && field.ref) return <RefLabel field={field} value={value} row={row} pageIds={pageIds} />;
  if (field.widget === "authorityTree") return <AuthoritySummary value={value} detail={detail} />;
  if (field.widget === "communityTree") return <CommunityScopeSummary value={value} detail={detail} />;
  if (isEmpty(value)) return EMPTY_TEXT;
  if (field.mapping && Array.isArray(value)) {
    // A list of the mapping's codes (a webhook's events).
    const codes = value.filter((v): v is string | number => typeof v === "string" || typeof v === "number");
    return (
      <Space size={[4, 4]} wrap>
        {codes.map((code) => (
          <Tag key={code} color={mappingColor(field.mapping!, code)}>
            {mappingText(field.mapping!, code)}
          </Tag>
        ))}
      </Space>
    );
  }
  if (field.mapping) {
    const text = mappingText(field.mapping, value);
    const color = mappingColor(field.mapping, value as string | number);
    return color ? <Tag color={color}>{text}</Tag> : text;
  }
  if (displayKit(field) === "image") {
    const list = field.widget === "imageList" ? (Array.isArray(value) ? value.map((v) => scalarText(v)) : []) : null;
    if (list && !list.length) return EMPTY_TEXT;
    return (
      <Suspense fallback={<span style={{ display: "inline-block", width: detail ? 160 : 48 }} />}>
        <ImageValue src={list ?? scalarText(value)} alt={field.label} detail={detail} />
      </Suspense>
    );
  }
  if (field.type === "json") {
    const text = typeof value === "string" ? value : JSON.stringify(value, null, detail ? 2 : 0);
    return detail ? (
      <pre style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>{text}</pre>
    ) : (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
        {text}
      </Typography.Text>
    );
  }
  const text = valueText(field, value);
  if (!detail && field.type === "text")
    return (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
        {text}
      </Typography.Text>
    );
  // A multi-line text (a textarea's input, a notice listing bills) keeps its line breaks on the detail page.
  if (field.type === "text") return <span style={{ whiteSpace: "pre-line" }}>{text}</span>;
  return text;
}

/**
 * A reference shows the referenced row's label: the list rows carry it (<field>Label); otherwise
 * the referenced rows are fetched by id, one lookup for the whole column, when the user may read
 * them; else the id shows.
 */
export function RefLabel({ field, value, row, pageIds }: { field: FieldDef; value: unknown; row?: Record<string, unknown>; pageIds?: BaseKey[] }): ReactNode {
  const ref = field.ref!;
  const labelField = ref.labelFieldDef;
  const carried = row?.[refLabelKey(field)];
  const id = isEmpty(value) ? undefined : (value as BaseKey);
  const allowed = canAccess(ref.resource, "list", undefined, ref.targetCode).can;
  const ids = pageIds && id !== undefined && pageIds.some((x) => String(x) === String(id)) ? pageIds : id !== undefined ? [id] : [];
  const { result } = useMany({
    resource: ref.resource,
    ids,
    meta: { silent: true },
    queryOptions: { enabled: carried === undefined && id !== undefined && allowed && ids.length > 0, staleTime: 60_000 },
  });
  if (id === undefined) return EMPTY_TEXT;
  const fetched = result?.data?.find((r) => String(r.id) === String(id));
  const own: unknown = fetched?.[ref.labelField];
  const label: unknown = carried !== undefined && carried !== null ? carried : (own === undefined || own === null || own === "") && ref.fallbackField ? fetched?.[ref.fallbackField] : own;
  if (label === undefined || label === null || label === "") return String(id);
  return labelField ? valueText(labelField, label) : scalarText(label);
}
