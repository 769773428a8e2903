// What the rule tester (临停计费测试) and the booth (临停出场收费) share: a reference picker's field,
// the entry and exit times, and a quoted fee's breakdown.
import { Flex, Form, Input, Table } from "antd";
import type { FieldDef } from "../../../../generated/model-types.ts";
import { texts } from "../../../../generated/texts.ts";

const T = texts.parkingFee;

/** A required reference picked on a page of its own (RefSelect's field: no list, filter or detail role). */
export function pickerField(name: string, label: string, resource: string): FieldDef {
  return {
    name,
    column: name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    type: "ref",
    label,
    required: true,
    ref: { resource, labelField: "name" },
    list: false,
    filter: false,
    search: false,
    sort: false,
    form: true,
    detail: false,
    readOnly: false,
  };
}

/** 入场时间 and 出场时间, side by side (datetime-local: the office's own wall clock). */
export function StayTimes(props: { idPrefix: string; enteredAt: string; leftAt: string; onEnteredAt: (v: string) => void; onLeftAt: (v: string) => void }) {
  return (
    <Flex gap={12} wrap>
      <Form.Item label={T.enteredAt} htmlFor={`${props.idPrefix}-entered`} required style={{ flex: "1 1 220px" }}>
        <Input id={`${props.idPrefix}-entered`} type="datetime-local" value={props.enteredAt} onChange={(e) => props.onEnteredAt(e.target.value)} />
      </Form.Item>
      <Form.Item label={T.leftAt} htmlFor={`${props.idPrefix}-left`} required style={{ flex: "1 1 220px" }}>
        <Input id={`${props.idPrefix}-left`} type="datetime-local" value={props.leftAt} onChange={(e) => props.onLeftAt(e.target.value)} />
      </Form.Item>
    </Flex>
  );
}

/** The fee's breakdown as the server priced it. */
export function FeeLines({ lines }: { lines: { label: string; amount: string }[] }) {
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      pagination={false}
      dataSource={lines}
      locale={{ emptyText: T.noLines }}
      columns={[
        { title: T.line, dataIndex: "label" },
        { title: T.lineAmount, dataIndex: "amount", align: "right", width: 120 },
      ]}
    />
  );
}
