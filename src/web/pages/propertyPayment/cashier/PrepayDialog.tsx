// Prepaying months at the desk: one of the room's monthly items (those the server offers: periodic,
// priced by area or a fixed amount), a number of months (1 to the schema's limit) from a start month
// (by default the item's next month without a bill, not before this one), the bills the server
// prices as bill generation would — then the usual pay fields. Paying makes the bills and pays them
// in one go (one receipt). A refusal (a month already billed …) shows its message in the dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Empty, Form, InputNumber, Select, Spin, Table } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import type { PayResult } from "../types.ts";
import { PayDialog } from "../shared/PayDialog.tsx";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { queries } from "../../../http/query-client.ts";
import { useBillsWritten } from "../shared/queries.ts";
import { requestErrorText } from "../../../http/request.ts";
import type { GetPrepayPlanData } from "../../../../../generated/operation-types.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

type PlanBill = NonNullable<GetPrepayPlanData["plan"]>["bills"][number];

export function PrepayDialog(props: { open: boolean; roomId: number; payMethods: number[]; onClose: () => void; onPaid: (r: PayResult) => void }) {
  const { open, roomId } = props;
  const client = useQueryClient();
  const offer = useQuery({ ...queries.getPrepayPlan.queryOptions({ query: { roomId } }), enabled: open });
  const [itemId, setItemId] = useState<number | undefined>();
  const [months, setMonths] = useState<number | null>(3);
  const [start, setStart] = useState<string | undefined>();
  const items = offer.data?.items ?? [];
  const chosen = items.find((i) => i.id === itemId) ?? items[0];
  const maxMonths = offer.data?.maxMonths ?? 24;
  const monthsOk = months !== null && Number.isInteger(months) && months >= 1 && months <= maxMonths;
  const startPeriod = start ?? chosen?.nextPeriod;
  const plan = useQuery({
    ...queries.getPrepayPlan.queryOptions({ query: { roomId, paymentItemId: chosen?.id, months: months ?? undefined, startPeriod } }, { silent: true }),
    enabled: open && !!chosen && monthsOk,
  });
  const shown = plan.isError || plan.isPlaceholderData ? null : (plan.data?.plan ?? null);
  const bills = shown?.bills ?? [];
  const current = offer.data?.currentPeriod;
  const billsWritten = useBillsWritten();
  // Prepaying makes bills and pays them: every bill read changes (the prepayment plan among them).
  const prepay = useMutation({ ...queries.prepayBills.mutationOptions({ loading: "正在预缴..." }), onSuccess: () => void billsWritten() });

  return (
    <PayDialog
      open={open}
      title="预缴"
      formName="prepay"
      bills={bills.map((b, k) => ({ id: k + 1, outstanding: b.outstanding }))}
      payMethods={props.payMethods}
      allowPartial={false}
      onClose={props.onClose}
      onStale={() => void client.invalidateQueries({ queryKey: queries.getPrepayPlan.key })}
      onPaid={props.onPaid}
      pay={(f) =>
        prepay.mutateAsync({
          body: {
            roomId,
            paymentItemId: shown!.paymentItemId,
            startPeriod: shown!.startPeriod,
            months: shown!.months,
            payMethod: f.payMethod,
            receivedAmount: f.receivedAmount,
            expectedAmount: f.expectedAmount,
            payerName: f.payerName,
            remark: f.remark,
          },
        })
      }
    >
      {offer.isLoading ? (
        <Spin />
      ) : !items.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该房屋没有可预缴的按月收费项目" />
      ) : (
        <>
          <Form layout="vertical" component="div" style={{ display: "flex", flexWrap: "wrap", columnGap: 12 }}>
            <Form.Item label="预缴项目" style={{ minWidth: 160, flex: "1 1 160px" }}>
              <Select aria-label="预缴项目" value={chosen?.id} options={items.map((i) => ({ value: i.id, label: i.name }))} onChange={(id: number) => (setItemId(id), setStart(undefined))} />
            </Form.Item>
            <Form.Item label="起始月份" style={{ flex: "1 1 120px" }}>
              <DatePickerOnUse
                aria-label="起始月份"
                picker="month"
                allowClear={false}
                style={{ width: "100%" }}
                value={startPeriod ? dayjs(`${startPeriod}-01`) : undefined}
                disabledDate={(d) => !!current && d.format("YYYY-MM") < current}
                onChange={(d) => setStart(d ? d.format("YYYY-MM") : undefined)}
              />
            </Form.Item>
            <Form.Item label="预缴月数" style={{ flex: "0 1 110px" }} validateStatus={monthsOk ? undefined : "error"} help={monthsOk ? undefined : fillTexts.payDesk.prepayMonths({ max: maxMonths })}>
              <InputNumber aria-label="预缴月数" min={1} max={maxMonths} precision={0} value={months} onChange={setMonths} style={{ width: "100%" }} />
            </Form.Item>
          </Form>
          {plan.isError && <Alert type="error" showIcon message={requestErrorText(plan.error, "无法计算预缴账单")} style={{ marginBottom: 12 }} />}
          <Table<PlanBill>
            rowKey="period"
            size="small"
            loading={plan.isFetching}
            dataSource={bills}
            pagination={false}
            scroll={{ x: "max-content", y: 240 }}
            style={{ marginBottom: 12 }}
            locale={{ emptyText: plan.isError ? "无" : "请选择预缴项目与月数" }}
            columns={[
              { title: "账期", dataIndex: "period" },
              { title: "截止日", dataIndex: "dueDate" },
              { title: "计费数量", dataIndex: "quantity", align: "right", render: (v: string | null) => v ?? "-" },
              { title: "应收(元)", dataIndex: "amountDue", align: "right" },
              ...(bills.some((b) => b.lateFee !== "0.00") ? [{ title: "滞纳金(元)", dataIndex: "lateFee", align: "right" as const }] : []),
            ]}
          />
        </>
      )}
    </PayDialog>
  );
}
