// The input of a field by its type (generic create / edit form and list filters): strings Input with
// maxLength, text TextArea, integers / decimals / money as text (the §5 rules judge what was typed),
// booleans Switch (Select 是/否 in filters), dates DatePicker (kits/DateInput.tsx), mappings Select,
// refs a searchable Select loaded from the referenced resource, images a URL Input, json a TextArea,
// a role's authorities a tree (authorities/AuthorityTreeInput.tsx).
import { fillTexts } from "../../../generated/fill-texts.ts";
import { messages } from "../../../generated/errors.ts";
import { useSelect, type BaseKey } from "@refinedev/core";
import { Form, Input, Select, Switch } from "antd";
import { Suspense, useEffect, useRef } from "react";
import type { FieldDef } from "../../../generated/model-types.ts";
import { mappingOptions } from "../../common/mappings.ts";
import { canAccess } from "../providers/accessControlProvider.ts";
import { getSceneName, withScene } from "../state/scene.ts";
import { lazyPage } from "../lib/lazyPage.ts";
import { mappingText } from "./display.tsx";
import { inputKit } from "./field-kits.ts";
import { fieldLabel, type FormMode } from "./fields.ts";
import { scalarText } from "../../common/scalar-text.ts";

// The heavy inputs are kits of their own (field-kits.ts), loaded by the pages that show such a field.
const AuthorityTreeInput = lazyPage(() => import("./authorities/AuthorityTreeInput.tsx"));
const CommunityTreeInput = lazyPage(() => import("./communities/CommunityTreeInput.tsx"));
const DateInput = lazyPage(() => import("./kits/DateInput.tsx"));

export const BOOLEAN_OPTIONS = [
  { value: true, label: "是" },
  { value: false, label: "否" },
];

const inputPlaceholder = (field: FieldDef) => field.placeholder ?? fillTexts.webInputs.enter({ label: fieldLabel(field) });
const selectPlaceholder = (field: FieldDef) => field.placeholder ?? fillTexts.webInputs.choose({ label: fieldLabel(field) });

/** Options of a mapping field, with the scene-dependent labels applied (a form's: only values a person may choose). */
export function mappingSelectOptions(mapping: string, forForm = false) {
  const scene = getSceneName();
  return mappingOptions(mapping, { forForm }).map((o) => ({ value: o.value, label: mappingText(mapping, o.value, scene) }));
}

interface InputProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Filters want a clearable Select for booleans, no Switch. */
  variant?: "form" | "filter";
  id?: string;
  /** An edit form leaves a secret (a password) blank to keep it. */
  mode?: FormMode;
}

export function FieldInput({ field, value, onChange, disabled, variant = "form", id, mode }: InputProps) {
  const common = { id, disabled };
  if (field.type === "secret") {
    return (
      <Input.Password
        {...common}
        autoComplete="new-password"
        value={(value as string) ?? ""}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={field.maxLength}
        placeholder={mode === "edit" ? fillTexts.webInputs.keepUnchanged({ label: fieldLabel(field) }) : inputPlaceholder(field)}
      />
    );
  }
  const kit = inputKit(field, variant);
  if (kit === "authorityTree") {
    return (
      <Suspense fallback={<Input disabled placeholder={messages.loading} />}>
        <AuthorityTreeInput {...common} value={value} onChange={onChange} />
      </Suspense>
    );
  }
  if (kit === "communityTree") {
    return (
      <Suspense fallback={<Input disabled placeholder={messages.loading} />}>
        <CommunityTreeInput {...common} value={value} onChange={onChange} placeholder={withScene(selectPlaceholder(field))} />
      </Suspense>
    );
  }
  if (kit === "date") {
    return (
      <Suspense fallback={<Input {...common} disabled placeholder={selectPlaceholder(field)} />}>
        <DateInput {...common} showTime={field.type === "datetime"} value={(value as never) ?? null} onChange={(v) => onChange?.(v)} placeholder={selectPlaceholder(field)} />
      </Suspense>
    );
  }
  if (field.mapping) {
    return (
      <Select
        {...common}
        allowClear
        mode={field.type === "json" ? "multiple" : undefined}
        placeholder={selectPlaceholder(field)}
        options={mappingSelectOptions(field.mapping, variant !== "filter")}
        value={value as string | number | undefined}
        onChange={(v) => onChange?.(v ?? null)}
        style={{ width: "100%" }}
      />
    );
  }
  switch (field.type) {
    case "ref":
      // Without the right to read the referenced resource there is nothing to pick from: type its id.
      return canReadRef(field) ? (
        <RefSelect {...common} field={field} value={value as BaseKey | undefined} onChange={onChange} />
      ) : (
        <Input
          {...common}
          allowClear
          inputMode="numeric"
          value={scalarText(value)}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={fillTexts.webInputs.enterNumber({ label: fieldLabel(field) })}
        />
      );
    case "boolean":
      return variant === "filter" ? (
        <Select
          {...common}
          allowClear
          placeholder={selectPlaceholder(field)}
          options={BOOLEAN_OPTIONS}
          value={value as boolean | undefined}
          onChange={(v) => onChange?.(v)}
          style={{ width: "100%" }}
        />
      ) : (
        <Switch {...common} checked={!!value} onChange={(v) => onChange?.(v)} checkedChildren="是" unCheckedChildren="否" />
      );
    case "text":
      return (
        <Input.TextArea
          {...common}
          value={(value as string) ?? ""}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={variant === "form" ? field.maxLength : undefined}
          showCount={variant === "form" && !!field.maxLength}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={inputPlaceholder(field)}
        />
      );
    case "json":
      return (
        <Input.TextArea
          {...common}
          value={(value as string) ?? ""}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          placeholder={field.placeholder ?? "JSON"}
          style={{ fontFamily: "monospace" }}
        />
      );
    case "integer":
    case "decimal":
    case "money":
      return (
        <Input
          {...common}
          allowClear
          inputMode={field.type === "integer" ? "numeric" : "decimal"}
          value={(value as string) ?? ""}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={inputPlaceholder(field)}
          suffix={field.type === "money" ? "元" : undefined}
        />
      );
    case "image":
      return <Input {...common} allowClear value={(value as string) ?? ""} onChange={(e) => onChange?.(e.target.value)} placeholder={field.placeholder ?? "请输入图片地址"} />;
    default:
      return (
        <Input
          {...common}
          allowClear
          value={(value as string) ?? ""}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={variant === "form" ? field.maxLength : undefined}
          placeholder={inputPlaceholder(field)}
        />
      );
  }
}

const isBlankLabel = (v: unknown) => v === undefined || v === null || v === "";

/** Whether the user may list the resource a ref field points to. */
export function canReadRef(field: FieldDef): boolean {
  return !!field.ref && canAccess(field.ref.resource, "list", undefined, field.ref.targetCode).can;
}

/**
 * The value of the field a reference depends on (`ref.dependsOn`: a room's unit on its building) in
 * the surrounding form; a change of it clears the reference, whose rows belonged to the old one.
 */
function useParentValue(dependsOn: string | undefined, value: BaseKey | undefined, onChange?: (value: unknown) => void): unknown {
  const form = Form.useFormInstance();
  const parent: unknown = Form.useWatch((values: Record<string, unknown> | undefined) => (dependsOn ? values?.[dependsOn] : undefined), form);
  const previous = useRef(parent);
  useEffect(() => {
    const before = previous.current;
    previous.current = parent;
    if (before !== undefined && before !== null && before !== parent && value !== undefined && value !== null && value !== "") onChange?.(null);
  }, [parent, value, onChange]);
  return parent;
}

/**
 * A Select of the referenced resource's rows (label field as text), searching by keyword on the
 * server; only the rows under the field it depends on (`ref.dependsOn`) and holding the values of
 * `ref.where` (a deposit's item: the deposit items), as the server accepts.
 */
export function RefSelect({ field, value, onChange, disabled, id }: { field: FieldDef; value?: BaseKey; onChange?: (value: unknown) => void; disabled?: boolean; id?: string }) {
  const ref = field.ref!;
  const allowed = canReadRef(field);
  const parent = useParentValue(ref.dependsOn, value, onChange);
  const under = ref.dependsOn && parent !== undefined && parent !== null && parent !== "" ? [{ field: ref.dependsOn, operator: "eq" as const, value: parent }] : [];
  const where = Object.entries(ref.where ?? {}).map(([name, v]) => ({ field: name, operator: "eq" as const, value: v }));
  const { options, onSearch, query } = useSelect({
    resource: ref.resource,
    filters: [...under, ...where],
    optionLabel: (row: Record<string, unknown>) => String((isBlankLabel(row[ref.labelField]) && ref.fallbackField ? row[ref.fallbackField] : row[ref.labelField]) ?? row.id),
    optionValue: "id",
    defaultValue: value === undefined || value === null || value === "" ? undefined : value,
    onSearch: (text) => (text.trim() ? [{ field: "keyword", operator: "eq", value: text.trim() }] : []),
    pagination: { currentPage: 1, pageSize: 50, mode: "server" },
    debounce: 300,
    meta: { silent: true },
    queryOptions: { enabled: allowed, staleTime: 30_000 },
    defaultValueQueryOptions: { enabled: allowed && value !== undefined && value !== null && value !== "" },
  });
  return (
    <Select
      id={id}
      disabled={disabled}
      allowClear
      showSearch
      filterOption={false}
      onSearch={onSearch}
      loading={query.isFetching}
      placeholder={selectPlaceholder(field)}
      options={options}
      value={value === "" ? undefined : value}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent={query.isFetching ? messages.loading : messages.noData}
      style={{ width: "100%" }}
    />
  );
}
