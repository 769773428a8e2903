// A waiver on one bill: by discount (§5 discount rule; 9.5 = 95 % still to pay) or a fixed amount
// (pay-amount rule, at most what is owed), with a reason. Small ones take effect at once; the
// server says which.
import { useMutation } from "@tanstack/react-query";
import { App, Form, Input, Modal, Typography } from "antd";
import { RadioGroupField } from "../../../ui/RadioGroupField.tsx";
import { useEffect } from "react";
import { discountOffFen } from "../../../../common/payment/pricing.ts";
import type { BillView } from "../types.ts";
import { optionsOf } from "./labels.tsx";
import { fenOf, fenToYuan } from "./money.ts";
import { payAmountRule, ruleOf } from "../../../lib/rules.ts";
import { queries } from "../../../http/query-client.ts";
import { useWaiverWritten } from "./queries.ts";
import { WaiverStatus, WaiverType } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export function WaiverDialog({ bill, onClose, onDone }: { bill: BillView | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ waiverType: number; discount?: string; amount?: string; reason: string }>();
  const written = useWaiverWritten();
  // A waiver changes the bill (at once when small enough) and the waivers waiting for approval.
  const apply = useMutation({
    ...queries.applyWaiver.mutationOptions(),
    onSuccess: (r) => {
      void message.success(r.status === WaiverStatus.Approved ? fillTexts.payWaiver.applied({ amount: r.amount }) : fillTexts.payWaiver.submitted({ amount: r.amount }));
      void written();
      onDone();
    },
  });
  const type = Form.useWatch("waiverType", form);
  const discount = Form.useWatch("discount", form);
  const owed = bill ? fenOf(bill.outstanding) : 0;

  useEffect(() => {
    if (bill) form.setFieldsValue({ waiverType: WaiverType.Discount, discount: "", amount: "", reason: "" });
  }, [bill, form]);

  let preview: string | null = null;
  try {
    if (type === WaiverType.Discount && discount && /^\d+(\.\d{1,2})?$/.test(discount.trim())) preview = fenToYuan(discountOffFen(owed, discount.trim()));
  } catch {
    preview = null;
  }

  const submit = async () => {
    const v = await form.validateFields();
    // A refusal is shown by the request wrapper: the dialog stays open, no uncaught error.
    await apply.mutateAsync({ body: { billId: bill!.id, waiverType: v.waiverType, discount: v.discount?.trim(), amount: v.amount?.trim(), reason: v.reason.trim() } }).catch(() => undefined);
  };

  return (
    <Modal open={!!bill} title="账单减免" okText="提交" cancelText="取消" onCancel={onClose} onOk={submit} confirmLoading={apply.isPending} forceRender>
      {bill && (
        <Typography.Paragraph type="secondary">
          {bill.itemName} {bill.period}，未缴 ¥{bill.outstanding}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="horizontal" labelCol={{ flex: "96px" }}>
        <Form.Item name="waiverType" label="减免方式">
          <RadioGroupField options={optionsOf("waiverType")} />
        </Form.Item>
        {type === WaiverType.Discount ? (
          <Form.Item
            name="discount"
            label="折扣(折)"
            rules={[ruleOf("discount", "请输入折扣")]}
            validateTrigger={["onBlur", "onChange"]}
            extra={preview !== null ? fillTexts.payWaiver.preview({ amount: preview }) : "如 9.5 表示按 95% 收取"}
          >
            <Input inputMode="decimal" suffix="折" />
          </Form.Item>
        ) : (
          <Form.Item name="amount" label="减免金额" rules={[payAmountRule(owed)]} validateTrigger={["onBlur", "onChange"]}>
            <Input inputMode="decimal" suffix="元" />
          </Form.Item>
        )}
        <Form.Item name="reason" label="减免原因" rules={[ruleOf("cjkText", "请输入减免原因")]}>
          <Input.TextArea maxLength={128} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
