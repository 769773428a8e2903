// The query bar above a hand-written list: the page's inline filter fields and 查询; the page takes
// the values and goes back to its first page.
import { Button, Form } from "antd";
import type { FormInstance } from "antd";
import type { ReactNode } from "react";

export function QueryBar<V>({ form, initialValues, onSearch, children }: { form?: FormInstance<V>; initialValues?: Partial<V>; onSearch: (values: V) => void; children: ReactNode }) {
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
