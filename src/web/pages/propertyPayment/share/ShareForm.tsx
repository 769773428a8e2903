// The 公摊 request: the payment item and month, the rooms (a building, a unit or the whole community),
// the total (an amount, or a shared meter's use × unit price: typed, or its approved reading chosen)
// and how it is split (按面积 / 按户数 /
// 按公式). 预览 answers the sheet (ShareSheet.tsx); 确认分摊 stores it and makes the bills.
import { useQuery } from "@tanstack/react-query";
import { Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect } from "react";
import { RadioGroupField } from "../../../ui/RadioGroupField.tsx";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { FormItemSelect } from "../../../ui/FormItemSelect.tsx";
import { chinaToday } from "../../../lib/china-today.ts";
import { ruleOf } from "../../../lib/rules.ts";
import { houseQueries } from "../api.ts";
import { optionsOf } from "../shared/labels.tsx";
import { useResourceListOptions } from "../shared/resource-lists.ts";
import { MeterReadingStatus, ShareBasis } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export interface ShareValues {
  period: Dayjs;
  paymentItemId: number;
  buildingId?: number;
  unitId?: number;
  basis: number;
  formula?: string;
  totalBy: "amount" | "usage";
  totalAmount?: string;
  usage?: string;
  /** A shared meter's approved reading whose use is the 公摊用量 (the server reads it). */
  meterReadingId?: number;
  unitPrice?: string;
  remark?: string;
}

/** The operation's body of the form's values. */
export function shareBody(communityId: number, v: ShareValues) {
  return {
    communityId,
    paymentItemId: v.paymentItemId,
    period: v.period.format("YYYY-MM"),
    buildingId: v.buildingId ?? null,
    unitId: v.unitId ?? null,
    basis: v.basis,
    formula: v.basis === ShareBasis.ByFormula ? (v.formula?.trim() ?? "") : null,
    totalAmount: v.totalBy === "amount" ? (v.totalAmount?.trim() ?? null) : null,
    usage: v.totalBy === "usage" ? (v.usage?.trim() ?? null) : null,
    meterReadingId: v.totalBy === "usage" ? (v.meterReadingId ?? null) : null,
    unitPrice: v.totalBy === "usage" ? (v.unitPrice?.trim() ?? null) : null,
    remark: v.remark?.trim() || null,
  };
}

export function ShareForm({ communityId, form, onChanged }: { communityId: number; form: ReturnType<typeof Form.useForm<ShareValues>>[0]; onChanged: () => void }) {
  const listOptions = useResourceListOptions();
  const items = useQuery(listOptions<{ id: number; name: string; enabled?: boolean }>("paymentItems", { communityId }, 200)).data?.list ?? [];
  const buildings = useQuery(houseQueries.buildings(communityId)).data ?? [];
  const buildingId = Form.useWatch("buildingId", form);
  const units = useQuery({ ...houseQueries.units(buildingId ?? 0), enabled: !!buildingId }).data ?? [];
  const basis = Form.useWatch("basis", form);
  const totalBy = Form.useWatch("totalBy", form) ?? "amount";
  const period = Form.useWatch("period", form);
  const readingId = Form.useWatch("meterReadingId", form);
  // The period's approved readings of shared meters (a building's, a unit's or the community's: no room).
  const readingQuery = listOptions<{ id: number; meterIdLabel?: string; usage: string | null; roomId: number | null }>(
    "meterReadings",
    { communityId, period: period?.format("YYYY-MM") ?? "", status: MeterReadingStatus.Approved },
    200,
  );
  const readings = (useQuery({ ...readingQuery, enabled: totalBy === "usage" && !!period }).data?.list ?? []).filter((r) => r.roomId === null && r.usage !== null);
  useEffect(() => {
    form.setFieldsValue({ period: chinaToday().startOf("month"), basis: ShareBasis.ByArea, totalBy: "amount" });
  }, [communityId, form]);

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: "110px" }} style={{ maxWidth: 820 }} onValuesChange={onChanged}>
      <Form.Item name="paymentItemId" label="缴费项目" rules={[{ required: true, message: "请选择缴费项目" }]}>
        <FormItemSelect placeholder="请选择缴费项目" options={items.filter((i) => i.enabled !== false).map((i) => ({ value: i.id, label: i.name }))} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="period" label="账期" rules={[{ required: true, message: "请选择账期" }]}>
        <DatePickerOnUse picker="month" allowClear={false} />
      </Form.Item>
      <Form.Item name="buildingId" label="楼栋" extra="不选则为全小区的房屋">
        <Select allowClear placeholder="全部楼栋" options={buildings.map((b) => ({ value: b.id, label: b.name }))} onChange={() => form.setFieldsValue({ unitId: undefined })} style={{ width: 240 }} />
      </Form.Item>
      {!!buildingId && (
        <Form.Item name="unitId" label="单元">
          <Select allowClear placeholder="全部单元" options={units.map((u) => ({ value: u.id, label: u.name }))} style={{ width: 240 }} />
        </Form.Item>
      )}
      <Form.Item name="basis" label="分摊方式" rules={[{ required: true, message: "请选择分摊方式" }]}>
        <RadioGroupField options={optionsOf("shareBasis")} />
      </Form.Item>
      {basis === ShareBasis.ByFormula && (
        <Form.Item
          name="formula"
          label="分摊公式"
          rules={[{ required: true, message: "请输入分摊公式" }]}
          extra="各房屋所占的比例，如 T/F*R*1.5：T 公摊总额，F 参与房屋的总面积，R 房屋面积；也可用 楼层、户数、楼栋面积 等。分摊合计始终等于总额。"
        >
          <Input placeholder="如 R*1.5" maxLength={200} />
        </Form.Item>
      )}
      <Form.Item name="totalBy" label="公摊总额">
        <RadioGroupField
          options={[
            { value: "amount", label: "按金额" },
            { value: "usage", label: "按用量×单价" },
          ]}
        />
      </Form.Item>
      {totalBy === "amount" ? (
        <Form.Item name="totalAmount" label="金额" rules={[{ required: true, message: "请输入公摊总额" }, ruleOf("amount")]}>
          <Input suffix="元" inputMode="decimal" style={{ width: 200 }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="meterReadingId" label="公摊表读数" extra="楼栋、单元或小区公摊表已审核的本期读数：用量自动带入，分摊后该读数为已计费；不选则手工填写用量">
            <Select
              allowClear
              placeholder="手工填写用量"
              options={readings.map((r) => ({ value: r.id, label: fillTexts.share.readingOption({ meterNo: r.meterIdLabel ?? String(r.id), usage: r.usage ?? "" }) }))}
              onChange={(id?: number) => form.setFieldsValue({ usage: readings.find((r) => r.id === id)?.usage ?? undefined })}
              style={{ width: 320 }}
            />
          </Form.Item>
          <Form.Item name="usage" label="公摊用量" rules={[{ required: true, message: "请输入公摊用量" }]} extra="公摊表本期读数 − 上期读数（× 倍率）">
            <Input inputMode="decimal" disabled={!!readingId} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="unitPrice" label="单价" rules={[{ required: true, message: "请输入单价" }, ruleOf("amount")]}>
            <Input suffix="元" inputMode="decimal" style={{ width: 200 }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label="备注">
        <Input maxLength={128} />
      </Form.Item>
    </Form>
  );
}
