// A dialog asking for a reason (reject a bill, a refund or a waiver): required, cjkText rule.
import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { ruleOf } from "../../../lib/rules.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export function ReasonDialog({ open, title, label = "驳回原因", onCancel, onOk }: { open: boolean; title: string; label?: string; onCancel: () => void; onOk: (reason: string) => Promise<unknown> }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  // A missing reason shows under the field, a refusal by the server as the request wrapper's message:
  // neither is an uncaught error, and the dialog stays open.
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await onOk(values.reason.trim());
      form.resetFields();
    } catch {
      // refused: already shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={title} onCancel={onCancel} onOk={submit} confirmLoading={busy} okText="确定" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} rules={[ruleOf("cjkText", fillTexts.payForms.enterField({ label }))]} validateTrigger={["onBlur", "onChange"]}>
          <Input.TextArea maxLength={128} showCount autoSize={{ minRows: 3 }} placeholder={fillTexts.payForms.enterField({ label })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
