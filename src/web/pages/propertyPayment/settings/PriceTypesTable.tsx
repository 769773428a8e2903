// Tab 计价类型 of 缴费设置: the community's pricing types with add / edit / delete in a dialog, like
// the generic ResourceDialogTable, whose dialog this one extends by the schema's usedWhen: each
// pricing method shows only the fields it uses (单价 for 建筑面积×单价, 按户固定金额 and 抄表用量×单价,
// 计量单位 and 表计倍率 for metered pricing alone), marks those it needs as required with the
// server's message (请输入单价), and saves without the others (the server clears them too).
import { PlusOutlined } from "@ant-design/icons";
import { useCreate, useDelete, useUpdate } from "@refinedev/core";
import { App, Button, Form, Modal, Popconfirm, Skeleton, Space } from "antd";
import type { TableProps } from "antd";
import { Suspense, useMemo, useState } from "react";
import { messages } from "../../../../../generated/errors.ts";
import type { FieldDef } from "../../../../../generated/model-types.ts";
import { FieldValue } from "../../../generic/display.tsx";
import { defaultFormValues, fieldLabel, formFields, isRequiredOnForm, listFields, toFormValues, toPayload, usedOnForm, usedWhenRule } from "../../../generic/fields.ts";
import { schemaRule } from "../../../generic/fieldRules.ts";
import { FieldInput } from "../../../generic/inputs.tsx";
import { useResourceAccess } from "../../../generic/pageContext.tsx";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { useResourceDef } from "../../../providers/resourceDefs.ts";

const RESOURCE = "priceTypes";

type Row = Record<string, unknown> & { id: number };

export interface PriceTypesTableProps {
  communityId: number | string;
  onChanged?: () => void;
}

/** The definition loads on demand: a skeleton until it is here (or the buttons would stay hidden). */
export function PriceTypesTable(props: PriceTypesTableProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <PriceTypesTableBody {...props} />
    </Suspense>
  );
}

function PriceTypesTableBody({ communityId, onChanged }: PriceTypesTableProps) {
  const def = useResourceDef(RESOURCE)!;
  const { message } = App.useApp();
  const access = useResourceAccess(def);
  const { page, table } = usePaging(10);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const columnsDefs = useMemo(() => listFields(def), [def]);
  const fields = useMemo(() => formFields(def).filter((f) => !f.readOnly), [def]);
  const list = useResourcePage<Row>(RESOURCE, { communityId }, page);
  const quiet = { successNotification: false, errorNotification: false } as const;
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { mutateAsync: deleteOne } = useDelete();

  const mode = editing === "new" ? "create" : "edit";
  const open = (row: Row | "new") => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(row === "new" ? defaultFormValues(fields) : toFormValues(fields, row));
  };

  const save = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    // validateFields answers the shown fields only: the hidden ones are read from the store (cleared).
    const payload = toPayload(fields, { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values }, mode);
    setBusy(true);
    try {
      if (editing === "new") await create({ resource: RESOURCE, values: { ...payload, communityId }, meta: { communityId }, ...quiet });
      else if (editing) await update({ resource: RESOURCE, id: editing.id, values: { ...payload, version: editing.version }, ...quiet });
      void message.success(messages.saved);
      setEditing(null);
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: Row) => {
    await deleteOne({ resource: RESOURCE, id: row.id, ...quiet });
    void message.success(messages.deleted);
    onChanged?.();
  };

  const columns: NonNullable<TableProps<Row>["columns"]> = columnsDefs.map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: fieldLabel(f),
    render: (value: unknown, row: Row) => <FieldValue field={f} value={value} row={row} />,
  }));
  if (access.edit || access.delete) {
    columns.push({
      key: "__actions",
      title: "操作",
      width: 140,
      render: (_: unknown, row: Row) => (
        <Space size={4}>
          {access.edit && (
            <Button type="link" size="small" onClick={() => open(row)}>
              编辑
            </Button>
          )}
          {access.delete && (
            <Popconfirm title={messages.deleteConfirm} okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(row)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const item = (f: FieldDef) => {
    const whenUsed = usedWhenRule(f);
    return (
      <Form.Item
        key={f.name}
        name={f.name}
        label={fieldLabel(f)}
        required={isRequiredOnForm(f)}
        validateTrigger={["onBlur", "onChange"]}
        rules={[schemaRule(def.name, mode, fields, f), ...(whenUsed ? [whenUsed] : [])]}
      >
        <FieldInput field={f} mode={mode} />
      </Form.Item>
    );
  };

  return (
    <>
      {access.create && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => open("new")}>
          新增{def.label}
        </Button>
      )}
      <DataTable<Row> label={def.label} {...table(list, { unit: "条" })} columns={columns} />
      <Modal
        open={editing !== null}
        title={`${editing === "new" ? "新增" : "编辑"}${def.label}`}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={busy}
        okText="保存"
        cancelText="取消"
        width={640}
        forceRender
      >
        <Form form={form} layout="horizontal" labelCol={{ flex: "150px" }} labelWrap>
          {fields.map((f) =>
            f.usedWhen ? (
              // Shown only while the pricing method uses it.
              <Form.Item key={f.name} noStyle dependencies={[f.usedWhen.field]}>
                {() => (usedOnForm(f, fields, form.getFieldsValue(true) as Record<string, unknown>) ? item(f) : null)}
              </Form.Item>
            ) : (
              item(f)
            ),
          )}
        </Form>
      </Modal>
    </>
  );
}
