// Applying for a refund of one charge: its kind (退费: the charge is reduced, the bill stays settled;
// 冲正: the payment is reversed, the bill is owed again), full or partial, at most what is still
// refundable (paid − refunded − waiting; the pay-amount rule with that maximum), the refund method
// and a reason. The refund takes effect when approved.
import { useMutation, useQuery } from "@tanstack/react-query";
import { App, Descriptions, Form, Input, Modal } from "antd";
import { FormItemSelect } from "../../../ui/FormItemSelect.tsx";
import { RadioGroupField } from "../../../ui/RadioGroupField.tsx";
import { useEffect } from "react";
import { optionsOf } from "../shared/labels.tsx";
import { fenOf } from "../shared/money.ts";
import { payAmountRule, ruleOf } from "../../../lib/rules.ts";
import type { PaymentRow } from "./payment-row.ts";
import { queries } from "../../../http/query-client.ts";
import { useRefundApplied } from "../shared/queries.ts";
import { RefundKind } from "../../../../../generated/states.ts";

/** What each kind does, shown under the choice. */
const KIND_EXPLAINED: Record<number, string> = {
  [RefundKind.Reduction]: "退费：减收该笔费用，退还的金额从账单应收中扣除；账单保持已缴状态，不计入欠费和催缴。",
  [RefundKind.Reversal]: "冲正：冲销该笔收款，账单恢复为部分缴费或未缴费，需重新缴纳，逾期计入欠费。",
};

export function RefundDialog({ payment, onClose, onDone }: { payment: PaymentRow | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ refundKind: number; amount: string; refundMethod: number; reason: string }>();
  const kind = Form.useWatch("refundKind", form);
  const refundable = useQuery({ ...queries.getRefundable.queryOptions({ params: { id: payment?.id ?? 0 } }), enabled: !!payment });
  const applied = useRefundApplied();
  // An application lowers what is refundable and joins the refunds waiting for approval.
  const apply = useMutation({
    ...queries.applyRefund.mutationOptions(),
    onSuccess: () => {
      void message.success("退款申请已提交，审核通过后退款");
      void applied();
      onDone();
    },
  });
  // What is left of this payment (nothing while another payment's answer is shown).
  const info = refundable.data?.paymentId === payment?.id ? refundable.data : undefined;

  useEffect(() => {
    if (payment && info) form.setFieldsValue({ refundKind: undefined, amount: info.refundable, refundMethod: payment.payMethod, reason: "" });
  }, [payment, info, form]);

  // Invalid fields show under themselves, a refusal as the request wrapper's message: no uncaught error.
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await apply.mutateAsync({ body: { paymentId: payment!.id, refundKind: v.refundKind, amount: v.amount.trim(), refundMethod: v.refundMethod, reason: v.reason.trim() } }).catch(() => undefined);
  };

  return (
    <Modal
      open={!!payment}
      title="申请退款"
      okText="提交"
      cancelText="取消"
      onCancel={onClose}
      onOk={submit}
      confirmLoading={apply.isPending}
      okButtonProps={{ disabled: !info || info.refundable === "0.00" }}
      forceRender
    >
      {info && (
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="收款金额">¥{info.amount}</Descriptions.Item>
          <Descriptions.Item label="已退款">¥{info.refunded}</Descriptions.Item>
          <Descriptions.Item label="审核中">¥{info.pending}</Descriptions.Item>
          <Descriptions.Item label="可退金额">¥{info.refundable}</Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="horizontal" labelCol={{ flex: "96px" }}>
        <Form.Item
          name="refundKind"
          label="退款类型"
          rules={[{ required: true, message: "请选择退款类型" }]}
          extra={<span data-testid="refund-kind-explained">{kind ? KIND_EXPLAINED[kind] : "请选择：退费（减收费用）或冲正（冲销收款）"}</span>}
        >
          <RadioGroupField options={optionsOf("refundKind")} />
        </Form.Item>
        <Form.Item name="amount" label="退款金额" rules={[payAmountRule(fenOf(info?.refundable ?? "0"))]} validateTrigger={["onBlur", "onChange"]}>
          <Input suffix="元" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="refundMethod" label="退款方式" rules={[{ required: true, message: "请选择退款方式" }]}>
          <FormItemSelect options={optionsOf("payMethod")} />
        </Form.Item>
        <Form.Item name="reason" label="退款原因" rules={[ruleOf("cjkText", "请输入退款原因")]}>
          <Input.TextArea maxLength={128} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
