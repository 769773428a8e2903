// The query bar above a fee list: inline filter fields and 查询; the page takes the values and
// goes back to its first page. Also the fields more than one bar has.
import { Button, Form, Select } from "antd";
import type { FormInstance } from "antd";
import type { ReactNode } from "react";
import { paymentApi } from "../api.ts";
import { useApi } from "../../shared/useApi.ts";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";

export function FilterBar<V>({ form, initialValues, onSearch, children }: { form?: FormInstance<V>; initialValues?: Partial<V>; onSearch: (values: V) => void; children: ReactNode }) {
  return (
    <Form<V> form={form} layout="inline" initialValues={initialValues} style={{ marginBottom: 16, rowGap: 12 }} onFinish={onSearch}>
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 账期: a month. */
export const PeriodField = () => (
  <Form.Item name="period" label="账期">
    <DatePickerOnUse picker="month" />
  </Form.Item>
);

/** 缴费项目: the community's payment items (none before a community is chosen). */
export function PaymentItemField({ communityId }: { communityId: number | string | null }) {
  const items = useApi(communityId ? () => paymentApi.pageList<{ id: number; name: string }>("paymentItems", { communityId, pageNo: 1, pageSize: 200 }) : null, [communityId]);
  return (
    <Form.Item name="paymentItemId" label="缴费项目">
      <Select allowClear style={{ width: 160 }} options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))} />
    </Form.Item>
  );
}
