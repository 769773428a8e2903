// Paying the chosen bills (of one room, or of several rooms of one owner with `roomId` the desk's
// room), or bills still to be made (a prepayment: `pay` sends them, `children` choose them): pay method (those the community accepts, spec §3 labels),
// the amount (§5 pay-amount rule, at most what is owed; less only when partial payment is on), for
// cash the money handed over and the change (received − due), payer and remark. The page's total
// goes along as expectedAmount: if someone paid or changed the bills meanwhile the server refuses
// (409) and the page reloads.
import { useMutation } from "@tanstack/react-query";
import { Alert, Descriptions, Form, Input, Modal, Typography } from "antd";
import { RadioGroupField } from "../../../ui/RadioGroupField.tsx";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { BillView, PayResult } from "../types.ts";
import { optionsOf } from "./labels.tsx";
import { fenOf, fenToYuan, sumYuan, tryFen } from "./money.ts";
import { payAmountRule, ruleOf } from "../../../lib/rules.ts";
import { RequestError } from "../../../http/request.ts";
import { queries } from "../../../http/query-client.ts";
import { useBillsWritten } from "./queries.ts";
import { PayMethod } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

const CASH = PayMethod.Cash;

interface Values {
  payMethod: number;
  payAmount: string;
  receivedAmount?: string;
  payerName?: string;
  remark?: string;
}

/** What the dialog sends besides the bills: the pay body's other fields. */
export interface PayFields {
  payMethod: number;
  payAmount: string;
  receivedAmount?: string;
  expectedAmount: string;
  payerName?: string;
  remark?: string;
}

export function PayDialog(props: {
  open: boolean;
  bills: Pick<BillView, "id" | "outstanding">[];
  payMethods: number[];
  allowPartial: boolean;
  /** The desk's room: the receipt's, and whose owner the other rooms' bills belong to. */
  roomId?: number;
  title?: string;
  /** Prefixes its fields' ids: two dialogs on one page (both rendered while closed) keep their ids apart. */
  formName?: string;
  /** Sends the payment instead of paying `bills` (a prepayment makes its bills first). */
  pay?: (fields: PayFields) => Promise<PayResult>;
  /** Shown above the pay fields (what a prepayment pays for). */
  children?: ReactNode;
  onClose: () => void;
  onPaid: (result: PayResult) => void;
  onStale: () => void;
}) {
  const { open, bills, payMethods, allowPartial } = props;
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const billsWritten = useBillsWritten();
  // A payment changes every bill read (the caller's prepayment sends and invalidates its own).
  const payBills = useMutation({ ...queries.payBills.mutationOptions({ loading: "正在收款..." }), onSuccess: () => void billsWritten() });
  const total = useMemo(() => sumYuan(bills.map((b) => b.outstanding)), [bills]);
  const totalFen = fenOf(total);
  const method = Form.useWatch("payMethod", form);
  const payAmount = Form.useWatch("payAmount", form);
  const received = Form.useWatch("receivedAmount", form);

  useEffect(() => {
    if (open) form.setFieldsValue({ payMethod: payMethods.includes(CASH) ? CASH : payMethods[0], payAmount: total, receivedAmount: total, payerName: "", remark: "" });
  }, [open, total, payMethods, form]);

  const payFen = tryFen(payAmount);
  const receivedFen = tryFen(received);
  const change = method === CASH && payFen !== null && receivedFen !== null && receivedFen >= payFen ? fenToYuan(receivedFen - payFen) : null;

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const fields: PayFields = {
        payMethod: v.payMethod,
        payAmount: v.payAmount.trim(),
        receivedAmount: v.payMethod === CASH ? v.receivedAmount?.trim() : undefined,
        expectedAmount: total,
        payerName: v.payerName?.trim() || undefined,
        remark: v.remark?.trim() || undefined,
      };
      const result = props.pay ? await props.pay(fields) : await payBills.mutateAsync({ body: { billIds: bills.map((b) => b.id), roomId: props.roomId, ...fields } });
      props.onPaid(result);
    } catch (e) {
      if (e instanceof RequestError && e.status === 409) props.onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={props.title ?? "收款"}
      okText="确认收款"
      cancelText="取消"
      onCancel={props.onClose}
      onOk={submit}
      okButtonProps={{ disabled: !bills.length }}
      confirmLoading={busy}
      forceRender
      width={560}
    >
      {props.children}
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="账单数">{bills.length}</Descriptions.Item>
        <Descriptions.Item label="应缴合计">
          <Typography.Text strong>¥{total}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {payMethods.length === 0 && <Alert type="warning" showIcon message="该社区未启用任何支付方式，请先在缴费设置中配置" style={{ marginBottom: 12 }} />}
      <Form form={form} name={props.formName} layout="horizontal" labelCol={{ flex: "96px" }}>
        <Form.Item name="payMethod" label="支付方式" rules={[{ required: true, message: "请选择支付方式" }]}>
          <RadioGroupField options={optionsOf("payMethod", payMethods)} />
        </Form.Item>
        <Form.Item name="payAmount" label="缴费金额" rules={[payAmountRule(totalFen)]} validateTrigger={["onBlur", "onChange"]} extra={allowPartial ? "可部分缴费，按账期先后冲抵" : "需全额缴纳"}>
          <Input suffix="元" inputMode="decimal" disabled={!allowPartial} />
        </Form.Item>
        {method === CASH && (
          <Form.Item
            name="receivedAmount"
            label="实收现金"
            dependencies={["payAmount"]}
            validateTrigger={["onBlur", "onChange"]}
            rules={[
              ruleOf("amount"),
              ({ getFieldValue }) => ({
                validator: async (_r, value) => {
                  const r = tryFen(value);
                  const p = tryFen(getFieldValue("payAmount"));
                  if (r !== null && p !== null && r < p) throw new Error("实收金额不能小于缴费金额");
                },
              }),
            ]}
            extra={change !== null ? fillTexts.payDesk.change({ amount: change }) : undefined}
          >
            <Input suffix="元" inputMode="decimal" />
          </Form.Item>
        )}
        <Form.Item name="payerName" label="缴费人" rules={[ruleOf("name")]}>
          <Input maxLength={32} placeholder="选填" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[ruleOf("cjkText")]}>
          <Input maxLength={128} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
