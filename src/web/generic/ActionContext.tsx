// What an action's dialog shows besides its inputs (schemas: an action's `shows` and `remainder`):
// the row it acts on (the deposit a refund is asked for) and a money figure computed as the user
// types (the deposit less the amount refunded: the deduction kept).
import { Descriptions, Form, Typography, type FormInstance } from "antd";
import type { BaseRecord } from "@refinedev/core";
import type { ActionDef, ResourceDef } from "../../../generated/model-types.ts";
import { fenToYuan, tryFen } from "../../common/money.ts";
import { getSceneName } from "../state/scene.ts";
import { FieldValue } from "./display.tsx";
import { fieldLabel } from "./fields.ts";

export function ActionRowSummary({ def, action, row }: { def: ResourceDef; action: ActionDef; row: BaseRecord }) {
  const scene = getSceneName();
  const shown = (action.shows ?? []).map((name) => def.fields.find((f) => f.name === name)).filter((f) => f !== undefined);
  if (!shown.length) return null;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ marginBottom: 16 }}
      items={shown.map((f) => ({ key: f.name, label: fieldLabel(f, scene), children: <FieldValue field={f} value={row[f.name] as unknown} row={row} /> }))}
    />
  );
}

export function ActionRemainder({ action, row, form }: { action: ActionDef; row: BaseRecord; form: FormInstance }) {
  const remainder = action.remainder;
  const typed: unknown = Form.useWatch(remainder?.less ?? [], form);
  if (!remainder) return null;
  const of = tryFen(row[remainder.of]);
  const less = tryFen(typed);
  return (
    <Typography.Paragraph data-testid="action-remainder">
      {remainder.label}：<Typography.Text strong>{of === null || less === null ? "-" : fenToYuan(of - less)}</Typography.Text>
    </Typography.Paragraph>
  );
}
