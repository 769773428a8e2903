// Filter fields more than one fee list's query bar has.
import { Form, Select } from "antd";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";

/** 账期: a month. */
export const PeriodField = () => (
  <Form.Item name="period" label="账期">
    <DatePickerOnUse picker="month" />
  </Form.Item>
);

/** 缴费项目: the community's payment items (none before a community is chosen). */
export function PaymentItemField({ communityId }: { communityId: number | string | null }) {
  const items = useResourcePage<{ id: number; name: string }>("paymentItems", communityId ? { communityId } : null, { pageNo: 1, pageSize: 200 });
  return (
    <Form.Item name="paymentItemId" label="缴费项目">
      <Select allowClear style={{ width: 160 }} options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))} />
    </Form.Item>
  );
}
