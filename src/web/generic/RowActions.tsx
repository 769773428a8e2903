// The state-flow buttons of a row (schemas: resource `actions`): one button per action whose `from`
// states hold the row's state. An action with inputs opens a dialog asking for them (the same
// inputs and rules as the generic form; required inputs may not be blank); one without asks to
// confirm. It calls POST /api/{service}/{name}/{id}/actions/{action}, shows the server's own
// message when refused (e.g. 当前状态为“已通过”，不能驳回) and refreshes the list and the detail;
// an action that `opens` a route (a recharge's receipt) offers it afterwards.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { useInvalidate, type BaseRecord } from "@refinedev/core";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { App, Button, Form, Modal, Space, type FormRule } from "antd";
import { useMemo, useState } from "react";
import type { ActionDef, FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { http, RequestError } from "../http/request.ts";
import { resourceUrl } from "../providers/dataProvider.ts";
import { getSceneName } from "../state/scene.ts";
import { fieldLabel, toPayload } from "./fields.ts";
import { schemaRule } from "./fieldRules.ts";
import { FieldInput } from "./inputs.tsx";
import { ActionRemainder, ActionRowSummary } from "./ActionContext.tsx";
import { offerRoute } from "./offerRoute.ts";
import { useNavigate } from "react-router";
import { scalarText } from "../../common/scalar-text.ts";
import { getAuthorities } from "../state/session.ts";

/** The actions a row in this state offers the signed-in user (one with a code of its own only to its holders: the server refuses the others). */
export function actionsFor(def: ResourceDef, row: BaseRecord, authorities: readonly string[] = getAuthorities() ?? []): ActionDef[] {
  if (!def.actions) return [];
  const state: unknown = row[def.actions.stateField];
  const key = scalarText(state);
  return def.actions.list.filter((a) => a.from.includes(key) && (!a.authority || authorities.includes(a.authority)));
}

/** Input fields of an action, writable in its dialog (they are read-only on the generic form). */
function inputFieldsOf(def: ResourceDef, action: ActionDef): FieldDef[] {
  return action.inputs
    .map((name) => def.fields.find((f) => f.name === name))
    .filter((f): f is FieldDef => !!f)
    .map((f) => ({ ...f, readOnly: false, form: true, required: f.required || action.required.includes(f.name) }));
}

/** The message of a refused action: the server's own words for business answers. */
export function actionErrorText(error: unknown): string {
  if (error instanceof RequestError) {
    const body = error.body as { message?: unknown } | undefined;
    if (error.kind === "business" && typeof body?.message === "string" && body.message) return body.message;
    return error.message;
  }
  return "操作失败，请重试";
}

/** `onDone`: after an action succeeded, for a page whose own reads the resource's lists do not cover (the meter-reading grid). */
export function RowActions({ def, row, size = "small", onDone }: { def: ResourceDef; row: BaseRecord; size?: "small" | "middle"; onDone?: () => void }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState<ActionDef | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const actions = actionsFor(def, row);
  if (!actions.length) return null;

  const run = async (action: ActionDef, payload: Record<string, unknown>): Promise<boolean> => {
    setBusy(action.name);
    try {
      const url = `${await resourceUrl(def.name)}/${encodeURIComponent(String(row.id))}/actions/${action.name}`;
      const result = await http.post<unknown>(url, payload, { silent: true });
      const done = action.done ?? fillMessage.actionDone({ action: action.label });
      if (!offerRoute(modal, action.opens, result, done, (path) => void navigate(path))) void message.success(done);
      await invalidate({ resource: def.name, invalidates: ["list", "detail", "many"], id: row.id });
      onDone?.();
      return true;
    } catch (error) {
      if (!(error instanceof RequestError && error.kind === "unauthorized")) void message.error(actionErrorText(error));
      throw error;
    } finally {
      setBusy(null);
    }
  };

  const start = (action: ActionDef) => {
    if (action.inputs.length) return setOpen(action);
    modal.confirm({
      title: action.label,
      content: action.confirm ?? fillTexts.webList.confirmAction({ action: action.label }),
      okText: action.label,
      okButtonProps: { danger: action.danger },
      cancelText: "取消",
      onOk: () => run(action, {}).catch(() => undefined),
    });
  };

  return (
    <>
      <Space size={4} wrap>
        {actions.map((a) => (
          <Button key={a.name} type="link" size={size} danger={a.danger} loading={busy === a.name} onClick={() => start(a)}>
            {a.label}
          </Button>
        ))}
      </Space>
      {open && <ActionDialog def={def} action={open} row={row} onClose={() => setOpen(null)} onSubmit={(payload) => run(open, payload)} />}
    </>
  );
}

const isBlankInput = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim()) || (Array.isArray(v) && !v.length);

function ActionDialog({
  def,
  action,
  row,
  onClose,
  onSubmit,
}: {
  def: ResourceDef;
  action: ActionDef;
  row: BaseRecord;
  onClose: () => void;
  onSubmit: (payload: Record<string, unknown>) => Promise<boolean>;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => inputFieldsOf(def, action), [def, action]);
  const scene = getSceneName();

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    setSaving(true);
    try {
      await onSubmit(toPayload(fields, values, "edit"));
      onClose();
    } catch (error) {
      if (error instanceof RequestError) form.setFields(error.fieldErrors.filter((e) => fields.some((f) => f.name === e.field)).map((e) => ({ name: e.field, errors: [e.message] })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={action.label}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: action.danger, loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <ActionRowSummary def={def} action={action} row={row} />
      <Form form={form} layout="vertical" preserve={false}>
        {fields.map((f) => {
          const verb = f.type === "ref" || f.mapping ? "请选择" : "请输入";
          const rules: FormRule[] = [
            // Blank is empty or only spaces; a select's value is a number, which a plain required rule
            // (typed "string" by default) would refuse.
            ...(action.required.includes(f.name)
              ? [{ validator: (_rule: unknown, v: unknown) => (isBlankInput(v) ? Promise.reject(new Error(`${verb}${fieldLabel(f, scene)}`)) : Promise.resolve()) }]
              : []),
            schemaRule(def.name, "edit", fields, f),
          ];
          return (
            <Form.Item key={f.name} name={f.name} label={fieldLabel(f, scene)} required={action.required.includes(f.name)} rules={rules} validateTrigger={["onBlur", "onChange"]}>
              <FieldInput field={f} />
            </Form.Item>
          );
        })}
        <ActionRemainder action={action} row={row} form={form} />
      </Form>
    </Modal>
  );
}
