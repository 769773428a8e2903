// A community's rows of one resource without a route of its own (e.g. the fee pages' pricing types,
// payment items, meter readings) as a table with add / edit / delete in a dialog, through Refine's
// data provider: the schema's list and form fields, the generic inputs and
// displays, and the generated validator of the resource as each field's rule (exact §5 messages).
// `inputs` replaces the input of a field (e.g. room statuses as checkboxes); such fields keep their
// raw value (no JSON text). A field `usedWhen` another holds some values (a pricing type's 单价) is
// shown, and required with the server's message, only while it is used; it is saved without it.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { PlusOutlined } from "@ant-design/icons";
import { useCreate, useDelete, useUpdate } from "@refinedev/core";
import { App, Button, Form, Modal, Popconfirm, Skeleton, Space } from "antd";
import type { TableProps } from "antd";
import { Suspense, useMemo, useState, type ReactNode } from "react";
import { messages } from "../../../../generated/errors.ts";
import type { FieldDef } from "../../../../generated/model-types.ts";
import { FieldValue } from "../display.tsx";
import { defaultFormValues, fieldLabel, formFields, isRequiredOnForm, listFields, toFormValues, toPayload, usedOnForm, usedWhenRule } from "../fields.ts";
import { schemaRule } from "../fieldRules.ts";
import { FieldInput } from "../inputs.tsx";
import { useResourceAccess } from "../pageContext.tsx";
import { useResourceDef } from "../../providers/resourceDefs.ts";
import { DataTable } from "./DataTable.tsx";
import { usePaging } from "./usePaging.ts";
import { useResourcePage } from "./useResourcePage.ts";

type Row = Record<string, unknown> & { id: number };

export interface ResourceDialogTableProps {
  resource: string;
  communityId: number | string;
  /** Inputs by field name: (props) => element; the value is kept as it is (arrays for json fields). */
  inputs?: Record<string, (field: FieldDef) => ReactNode>;
  /** Displays by field name in the table. */
  cells?: Record<string, (value: unknown, row: Row) => ReactNode>;
  /** Extra filters for the list (e.g. paymentItemId). */
  filters?: Record<string, unknown>;
  onChanged?: () => void;
}

/**
 * These resources have no route of their own, so the access checks take their actions (add, edit,
 * delete) from the schema definition, loaded on demand: the table shows a skeleton until it is
 * here, or its buttons would stay hidden.
 */
export function ResourceDialogTable(props: ResourceDialogTableProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <ResourceDialogTableBody {...props} />
    </Suspense>
  );
}

function ResourceDialogTableBody({ resource, communityId, inputs = {}, cells = {}, filters = {}, onChanged }: ResourceDialogTableProps) {
  const def = useResourceDef(resource)!;
  const { message } = App.useApp();
  const access = useResourceAccess(def);
  const { page, table } = usePaging(10);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const columnsDefs = useMemo(() => listFields(def), [def]);
  const fields = useMemo(() => formFields(def).filter((f) => !f.readOnly), [def]);
  const list = useResourcePage<Row>(resource, { ...filters, communityId }, page);
  // The request wrapper shows failures; the list reloads by Refine's invalidation after each change.
  const quiet = { successNotification: false, errorNotification: false } as const;
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { mutateAsync: deleteOne } = useDelete();

  const mode = editing === "new" ? "create" : "edit";
  const open = (row: Row | "new") => {
    setEditing(row);
    const values = row === "new" ? defaultFormValues(fields) : toFormValues(fields, row);
    for (const f of fields) if (inputs[f.name]) values[f.name] = row === "new" ? f.default : row[f.name];
    form.resetFields();
    form.setFieldsValue(values);
  };

  const save = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    // validateFields answers the shown fields only: a hidden (unused) one is read from the store.
    const payload = toPayload(fields, { ...(form.getFieldsValue(true) as Record<string, unknown>), ...values }, mode);
    setBusy(true);
    try {
      // The server's words: a save it kept back for approval says so (调价已提交，待审核后生效).
      let said: string = messages.saved;
      const onMessage = (text: string) => (said = text);
      if (editing === "new") await create({ resource, values: { ...payload, communityId }, meta: { communityId, onMessage }, ...quiet });
      else if (editing) await update({ resource, id: editing.id, values: { ...payload, version: editing.version }, meta: { onMessage }, ...quiet });
      void message.success(said);
      setEditing(null);
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: Row) => {
    await deleteOne({ resource, id: row.id, ...quiet });
    void message.success(messages.deleted);
    onChanged?.();
  };

  const columns: NonNullable<TableProps<Row>["columns"]> = columnsDefs.map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: fieldLabel(f),
    render: (value: unknown, row: Row) => (cells[f.name] ? cells[f.name](value, row) : <FieldValue field={f} value={value} row={row} />),
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
    const rules = inputs[f.name] ? [] : [schemaRule(def.name, mode, fields, f), ...(whenUsed ? [whenUsed] : [])];
    return (
      <Form.Item key={f.name} name={f.name} label={fieldLabel(f)} required={isRequiredOnForm(f) && !(f.type === "secret" && mode === "edit")} validateTrigger={["onBlur", "onChange"]} rules={rules}>
        {inputs[f.name] ? inputs[f.name](f) : <FieldInput field={f} mode={mode} />}
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
        title={(editing === "new" ? fillTexts.webList.createTitle : fillTexts.webList.editTitle)({ resource: def.label })}
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
              // Shown only while the field it depends on makes it used.
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
