// One tab of the payment settings (four = payment parameters, invoiceSet = receipt and invoice,
// others = other): the paymentSettings fields of that tab with the generic inputs and the resource's
// generated validator as rules; saving stamps the tab as configured (the guide's steering flags).
import { useMutation } from "@tanstack/react-query";
import { App, Button, Form, Space, Tag, Typography } from "antd";
import { useEffect, useMemo, type ReactNode } from "react";
import { messages } from "../../../../../generated/errors.ts";
import type { FieldDef } from "../../../../../generated/model-types.ts";
import { fieldLabel, toFormValues, toPayload } from "../../../generic/fields.ts";
import def from "../../../../../generated/resource-defs/paymentSettings.ts";
import { schemaRule } from "../../../generic/fieldRules.ts";
import { FieldInput } from "../../../generic/inputs.tsx";
import type { PaySettings } from "../types.ts";
import { queries } from "../../../http/query-client.ts";
import { dateTime } from "../shared/columns.tsx";

export interface SettingsFormProps {
  section: "payParams" | "receipt" | "other";
  fieldNames: string[];
  communityId: number | string;
  settings: PaySettings;
  savedAt: string | null;
  onSaved: (s: PaySettings) => void;
  inputs?: Record<string, (field: FieldDef) => ReactNode>;
  /** Extra rules by field (beyond the schema's). */
  required?: Record<string, string>;
  extra?: ReactNode;
  canSave: boolean;
}

export function SettingsForm(p: SettingsFormProps) {
  const { message } = App.useApp();
  const fields = useMemo(() => p.fieldNames.map((n) => def.fields.find((f) => f.name === n)!), [p.fieldNames]);
  const [form] = Form.useForm();
  // The caller's onSaved invalidates the settings (the page reads them once for all its tabs).
  const saving = useMutation({
    ...queries.savePaymentSettings.mutationOptions(),
    onSuccess: (saved) => {
      void message.success(messages.saved);
      p.onSaved(saved);
    },
  });

  useEffect(() => {
    const values = toFormValues(fields, p.settings as unknown as Record<string, unknown>);
    for (const f of fields) if (p.inputs?.[f.name]) values[f.name] = (p.settings as unknown as Record<string, unknown>)[f.name];
    form.setFieldsValue(values);
  }, [p.settings, fields, form, p.inputs]);

  // A refusal is shown by the request wrapper.
  const save = (values: Record<string, unknown>) => saving.mutate({ body: { communityId: p.communityId, section: p.section, ...toPayload(fields, values, "edit") } });

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: "180px" }} style={{ maxWidth: 760 }} onFinish={save}>
      <Form.Item label="配置状态">{p.savedAt ? <Tag color="success">已配置（{dateTime(p.savedAt)} 保存）</Tag> : <Tag>尚未配置</Tag>}</Form.Item>
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={fieldLabel(f)}
          required={!!p.required?.[f.name] || f.required}
          validateTrigger={["onBlur", "onChange"]}
          rules={[
            ...(p.required?.[f.name]
              ? [
                  {
                    validator: async (_r: unknown, v: unknown) => {
                      if (v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length)) throw new Error(p.required![f.name]);
                    },
                  },
                ]
              : []),
            ...(p.inputs?.[f.name] ? [] : [schemaRule(def.name, "edit", fields, f)]),
          ]}
        >
          {p.inputs?.[f.name] ? p.inputs[f.name](f) : <FieldInput field={f} />}
        </Form.Item>
      ))}
      {p.extra}
      <Form.Item style={{ marginLeft: 180 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving.isPending} disabled={!p.canSave}>
            保存
          </Button>
          {!p.canSave && <Typography.Text type="secondary">您没有修改缴费设置的权限</Typography.Text>}
        </Space>
      </Form.Item>
    </Form>
  );
}
