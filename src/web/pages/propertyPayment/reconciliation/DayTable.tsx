// One settlement day: per pay method and cashier, what the books recorded (charges, refunds, net)
// against what arrived (declared, §5 amount rule); differences in red. Save the declared amounts, or
// close the day (then read-only; later payments count for the next day). A line of payments taken
// online (no cashier, named 在线支付 by the server) is not counted by anyone: what arrived is what the
// books say, shown and not typed.
import { useMutation } from "@tanstack/react-query";
import { App, Alert, Button, Form, Input, Space, Table, Tag, Typography } from "antd";
import { useEffect } from "react";
import type { DayRow, DaySummary } from "../types.ts";
import { labelOf } from "../shared/labels.tsx";
import { fenOf, fenToYuan, tryFen } from "../shared/money.ts";
import { normalizeAmountText } from "../../../../common/money.ts";
import { ruleOf } from "../../../lib/rules.ts";
import { queries } from "../../../http/query-client.ts";
import { useReconciliationWritten } from "../shared/queries.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { dateTime } from "../shared/columns.tsx";
import { chinaNow } from "../../../lib/china-today.ts";
import { addDays } from "../../../../common/payment/period.ts";

/** Before this hour of China time, closing today asks with a warning: the day is still running. */
const CLOSING_HOUR = 22;

const key = (r: DayRow) => `${r.payMethod}:${r.cashierId ?? "online"}`;

/** A line of payments taken online: its declared amount is the server's (the books' net). */
const online = (r: DayRow) => r.cashierId === null;

export function DayTable({ summary }: { summary: DaySummary }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Record<string, { declaredAmount?: string; remark?: string }>>();
  // A saved or closed day: its summary is read again, and the closed days' list (not awaited).
  const written = useReconciliationWritten();
  const declare = useMutation({
    ...queries.declareReconciliation.mutationOptions(),
    onSuccess: () => {
      void message.success("保存成功");
      void written();
    },
  });
  const closing = useMutation({
    ...queries.closeReconciliation.mutationOptions(),
    onSuccess: () => {
      void message.success("日结成功");
      void written();
    },
  });
  const values = Form.useWatch([], form) ?? {};
  const closed = summary.closed;

  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(summary.rows.map((r) => [key(r), { declaredAmount: r.declaredAmount ?? "", remark: r.remark ?? "" }])));
  }, [summary, form]);

  /** The declared lines, or null when a field is refused (the form shows its message). */
  const rows = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return null;
    return summary.rows.map((r) => ({
      payMethod: r.payMethod,
      cashierId: r.cashierId,
      declaredAmount: online(r) ? null : v[key(r)]?.declaredAmount?.trim() || null,
      remark: v[key(r)]?.remark?.trim() || null,
    }));
  };
  const save = async () => {
    const list = await rows();
    if (!list) return;
    // Refused: the request wrapper has shown the server's message.
    await declare.mutateAsync({ body: { communityId: summary.communityId, day: summary.day, rows: list } }).catch(() => undefined);
  };
  const close = async () => {
    const list = await rows();
    if (!list) return;
    // Today, before the evening in China (whatever the PC's clock says): the day is still running,
    // and the confirmation says where the rest of today's payments will go.
    const now = chinaNow();
    const early = summary.day === summary.today && now.hour() < CLOSING_HOUR;
    modal.confirm({
      title: fillTexts.payReconciliation.closeTitle({ day: summary.day }),
      content: early ? fillTexts.payReconciliation.closeEarly({ time: now.format("HH:mm"), next: addDays(summary.day, 1) }) : "日结后该日对账数据不可修改，此后的收款计入下一个营业日。确定日结？",
      okText: "确定日结",
      cancelText: "取消",
      // Refused: the request wrapper has shown the server's message; the day stays open.
      onOk: () => closing.mutateAsync({ body: { communityId: summary.communityId, day: summary.day, rows: list } }).catch(() => undefined),
    });
  };

  const difference = (r: DayRow) => {
    if (closed || online(r)) return r.difference;
    const d = tryFen(values[key(r)]?.declaredAmount);
    return d === null ? null : fenToYuan(d - fenOf(r.netAmount));
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {closed ? (
        <Alert
          type="success"
          showIcon
          message={fillTexts.payReconciliation.closedBy({ name: summary.closing?.closedByName ?? "", at: dateTime(summary.closing?.closedAt) })}
          description={summary.closing?.remark ? fillTexts.payReconciliation.closingRemark({ remark: summary.closing.remark }) : "该日数据只读，之后的收款计入下一个营业日。"}
        />
      ) : (
        summary.day > summary.today && <Alert type="info" showIcon message="未来日期：可查看计入该日的收款，到期后才能日结" />
      )}
      <Form form={form} component={false}>
        <Table<DayRow>
          rowKey={key}
          size="middle"
          pagination={false}
          dataSource={summary.rows}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: "该日没有收款记录" }}
          columns={[
            { title: "支付方式", dataIndex: "payMethod", render: (v: number) => labelOf("payMethod", v) },
            { title: "收款人", dataIndex: "cashierName" },
            { title: "笔数", dataIndex: "paymentCount", align: "right" },
            { title: "收款(元)", dataIndex: "recordedAmount", align: "right" },
            { title: "退款(元)", dataIndex: "refundAmount", align: "right" },
            { title: "应到账(元)", dataIndex: "netAmount", align: "right" },
            {
              title: "实际到账(元)",
              render: (_v, r) =>
                closed || online(r) ? (
                  (r.declaredAmount ?? "-")
                ) : (
                  <Form.Item
                    name={[key(r), "declaredAmount"]}
                    rules={[ruleOf("signedAmount")]}
                    normalize={(v: unknown) => (typeof v === "string" ? normalizeAmountText(v) : v)}
                    validateTrigger={["onBlur", "onChange"]}
                    style={{ margin: 0 }}
                  >
                    <Input inputMode="decimal" style={{ width: 130 }} placeholder="请输入" />
                  </Form.Item>
                ),
            },
            {
              title: "差异(元)",
              render: (_v, r) => {
                const diff = difference(r);
                if (diff === null) return "-";
                return diff === "0.00" ? (
                  <Tag color="success">0.00</Tag>
                ) : (
                  <Typography.Text type="danger" strong>
                    {diff}
                  </Typography.Text>
                );
              },
            },
            {
              title: "差异说明",
              render: (_v, r) =>
                closed ? (
                  (r.remark ?? "-")
                ) : (
                  <Form.Item name={[key(r), "remark"]} rules={[ruleOf("cjkText")]} style={{ margin: 0 }}>
                    <Input maxLength={128} style={{ width: 200 }} aria-label="差异说明" />
                  </Form.Item>
                ),
            },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {summary.totals.paymentCount}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {summary.totals.recordedAmount}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {summary.totals.refundAmount}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {summary.totals.netAmount}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} colSpan={3}>
                {closed || summary.totals.allDeclared ? fillTexts.payReconciliation.declared({ amount: summary.totals.declaredAmount }) : "未全部申报"}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Form>
      <Typography.Text type="secondary" data-testid="day-breakdown">
        {fillTexts.payReconciliation.breakdown(summary.breakdown)}
      </Typography.Text>
      {!closed && (
        <Space>
          <Button onClick={save} loading={declare.isPending} disabled={!summary.rows.length}>
            保存申报
          </Button>
          <Button type="primary" onClick={close} disabled={summary.day > summary.today}>
            日结
          </Button>
        </Space>
      )}
    </Space>
  );
}
