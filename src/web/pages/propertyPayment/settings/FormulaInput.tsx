// The 计价公式 input of the pricing-type form: the formula is checked as it is typed (the same
// whitelist the server applies when saving: an unknown name or operator is named at once), lists the
// names it may use, and is tried on a chosen room with the form's unsaved 单价, 附加费, 系数 and cycle
// (previewFeeFormula; a 用量 can be typed for the try).
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Form, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { FormulaError, parseFormula, VARIABLES, variablesOf } from "../../../../common/payment/formula/index.ts";
import { queries } from "../../../http/query-client.ts";
import { houseQueries } from "../api.ts";

const FEE_NAMES = VARIABLES.filter((v) => v.contexts.includes("fee"));

function problemOf(text: string | undefined): string | null {
  if (!text?.trim()) return null;
  try {
    parseFormula(text);
    return null;
  } catch (e) {
    return e instanceof FormulaError ? e.message : String(e);
  }
}

export function FormulaInput({ communityId, value, onChange }: { communityId: number; value?: string; onChange?: (v: string) => void }) {
  const form = Form.useFormInstance();
  const [keyword, setKeyword] = useState("");
  const [roomId, setRoomId] = useState<number | null>(null);
  const [usage, setUsage] = useState("");
  const rooms = useQuery({ ...houseQueries.search(communityId, keyword), enabled: !!keyword.trim() }).data?.list ?? [];
  // Errors are shown by the request wrapper.
  const preview = useMutation(queries.previewFeeFormula.mutationOptions());
  const problem = problemOf(value);
  const uses = !problem && value?.trim() ? variablesOf(parseFormula(value)) : [];
  const tryIt = () => {
    if (!roomId || !value) return;
    const v = form.getFieldsValue(["unitPrice", "surcharge", "coefficient", "billingCycle"]) as Record<string, string | number | null | undefined>;
    const text = (x: string | number | null | undefined): string | null => (x === undefined || x === null || x === "" ? null : String(x));
    preview.mutate({
      body: {
        communityId,
        roomId,
        formula: value,
        unitPrice: text(v.unitPrice),
        surcharge: text(v.surcharge),
        coefficient: text(v.coefficient),
        billingCycle: v.billingCycle ? Number(v.billingCycle) : null,
        usage: usage.trim() || null,
      },
    });
  };
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Input value={value} onChange={(e) => (onChange?.(e.target.value), preview.reset())} placeholder="如 面积×单价×月数+附加费" maxLength={200} aria-label="计价公式" />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          可用：{FEE_NAMES.map((v) => v.name).join("、")}；运算 + − × ÷ 和括号
        </Typography.Text>
      )}
      <Space wrap>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          value={roomId ?? undefined}
          onChange={(v: number) => (setRoomId(v), preview.reset())}
          options={rooms.map((r) => ({ value: r.id, label: r.roomName }))}
          placeholder="输入房号搜索试算房屋"
          aria-label="试算房屋"
          style={{ width: 220 }}
        />
        {uses.includes("用量") && <Input value={usage} onChange={(e) => setUsage(e.target.value)} placeholder="试算用量" aria-label="试算用量" inputMode="decimal" style={{ width: 120 }} />}
        <Button onClick={tryIt} disabled={!roomId || !!problem || !value?.trim()} loading={preview.isPending}>
          试算
        </Button>
      </Space>
      {preview.data && (
        <Alert
          type="success"
          showIcon
          message={
            <span>
              试算金额：<strong data-testid="formula-amount">{preview.data.amount}</strong> 元（{preview.data.formula} = {preview.data.quantity}）
            </span>
          }
          description={<Descriptions size="small" column={1} items={preview.data.lines.map((l) => ({ key: l.name, label: l.name, children: l.value ?? "—" }))} />}
        />
      )}
    </Space>
  );
}
