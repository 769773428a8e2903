// Accessible row selection for antd tables (WCAG 4.1.2, 2.4.3): antd renders the row checkboxes
// without a label, so each is named after its row ("选择 <the row's first shown value>"); and
// rc-table copies the select-all checkbox into its aria-hidden measure row, where it must not take
// the focus, so that copy is made inert.
import { fillTexts } from "../../../generated/fill-texts.ts";
import type { TableProps } from "antd";
import { useLayoutEffect, useRef, type ReactNode } from "react";

/** The row's name: the first of `keys` with a text or number value, else its name, title or id. */
function rowName(record: Record<string, unknown>, keys: readonly string[] = []): string {
  for (const key of [...keys, "name", "title", "id"]) {
    const v = record[key];
    if ((typeof v === "string" && v.trim() !== "") || typeof v === "number") return String(v);
  }
  return "";
}

/** The select-all title; its copy inside the table's hidden measure row is inert. */
function SelectAllTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.closest("[aria-hidden=true]")) ref.current.inert = true;
  }, []);
  return <span ref={ref}>{children}</span>;
}

type RowSelectionA11y<T> = Pick<NonNullable<TableProps<T>["rowSelection"]>, "getCheckboxProps" | "columnTitle">;

/** rowSelection props naming each checkbox after its row (the first of `keys` with a value); `kept` rows (never deleted) cannot be selected, `reason` says why. */
export function accessibleRowSelection<T extends object>(
  keys: readonly string[] = [],
  kept?: { test: (row: Record<string, unknown>) => boolean; reason: string | ((row: Record<string, unknown>) => string) },
): RowSelectionA11y<T> {
  return {
    getCheckboxProps: (record) => {
      const row = record as Record<string, unknown>;
      const disabled = kept?.test(row) ?? false;
      const reason = disabled ? (typeof kept!.reason === "string" ? kept!.reason : kept!.reason(row)) : "";
      return { "aria-label": fillTexts.webList.selectRow({ row: rowName(row, keys) }).trim(), ...(disabled ? { disabled, title: reason } : {}) } as never;
    },
    columnTitle: (origin: ReactNode) => <SelectAllTitle>{origin}</SelectAllTitle>,
  };
}
