// The generic create / edit form of a resource: its form fields, each validated by the generated
// validator on blur, on change and on submit (exact Chinese messages, spec §5); server 400 errors
// land on their fields (data.errors[].field) or show as a message; 保存成功 and back to the list.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { useCreate, useOne, useUpdate } from "@refinedev/core";
import { App, Button, Card, Form, Space, Spin } from "antd";
import { useEffect, useMemo } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { messages } from "../../../generated/errors.ts";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { RequestError } from "../http/request.ts";
import { getSceneName } from "../state/scene.ts";
import { defaultFormValues, fieldLabel, listFilterDefaults, formFields, isRequiredOnForm, resourceLabel, toFormValues, toPayload, usedOnForm, usedWhenRule, type FormMode } from "./fields.ts";
import { useResourceDef } from "../providers/resourceDefs.ts";
import { keepsMaskedValue, loadValidator, payloadErrors, schemaRule } from "./fieldRules.ts";
import { FieldInput } from "./inputs.tsx";
import { NoPermission, RecordLoadError, ResourceMissing, useResourceAccess, useRoutePaths, type FromList, type GenericPageProps } from "./pageContext.tsx";
import { saveWarnings } from "./saveWarnings.ts";
import { offerRoute } from "./offerRoute.ts";
import { revealOnce } from "./revealOnce.tsx";
import { useNarrowScreen } from "../shell/use-narrow.ts";

export default function FormPage({ resource, route, mode }: GenericPageProps & { mode: FormMode }) {
  const def = useResourceDef(resource);
  const { id } = useParams();
  if (!def) return <ResourceMissing resource={resource} />;
  return <FormView key={`${route.path}:${mode}:${id ?? ""}`} def={def} route={route} mode={mode} id={id} />;
}

const VALIDATE_TRIGGER = ["onBlur", "onChange"];

function FormView({ def, route, mode, id }: { def: ResourceDef; route: GenericPageProps["route"]; mode: FormMode; id?: string }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const paths = useRoutePaths(route);
  const access = useResourceAccess(def);
  const [form] = Form.useForm();
  // On a phone each label sits above its input, the full width: beside a 160 px label an input was
  // left half the screen, or wrapped below it, by how wide its content happened to be.
  const narrow = useNarrowScreen();
  const fields = useMemo(() => formFields(def), [def]);
  const fixed = useMemo(() => (route.query ?? {}) as Record<string, unknown>, [route.query]);
  const listSearch = (useLocation().state as FromList | null)?.listSearch ?? "";
  // The schema defaults, under the list's filters, under the fixed route values (these win).
  const initialValues = useMemo(() => (mode === "create" ? defaultFormValues(fields, { ...listFilterDefaults(fields, listSearch), ...fixed }) : undefined), [mode, fields, fixed, listSearch]);
  const scene = getSceneName();

  // Start loading the validators with the page, not on the first keystroke.
  useEffect(() => {
    void loadValidator(def.name);
  }, [def.name]);

  const { result: record, query } = useOne({
    resource: def.name,
    id,
    queryOptions: { enabled: mode === "edit" && !!id },
  });
  useEffect(() => {
    if (mode === "edit" && record) form.setFieldsValue(toFormValues(fields, record));
  }, [form, fields, mode, record]);

  const { mutateAsync: create, mutation: createMutation } = useCreate();
  const { mutateAsync: update, mutation: updateMutation } = useUpdate();
  const saving = createMutation.isPending || updateMutation.isPending;

  const allowed = mode === "create" ? access.create : access.edit;
  if (access.list === false || (access.list === true && !allowed)) return <NoPermission />;

  const back = () => navigate(paths.list);

  const onFinish = async (values: Record<string, unknown>) => {
    const payload = toPayload(fields, values, mode, fixed);
    // The whole payload once more: rules on fields the form does not show report here.
    const known = new Set(fields.map((f) => f.name));
    const keptMasked = new Set(fields.filter((f) => keepsMaskedValue(mode, f, payload[f.name])).map((f) => f.name));
    const errors = (await payloadErrors(def.name, mode, payload, scene)).filter((e) => !keptMasked.has(e.field));
    const onFields = errors.filter((e) => known.has(e.field));
    if (onFields.length) {
      form.setFields(onFields.map((e) => ({ name: e.field, errors: [e.message] })));
      return;
    }
    if (errors.length) {
      void message.error(errors[0].message);
      return;
    }
    try {
      let created: unknown = null;
      if (mode === "create") {
        created = (await create({ resource: def.name, values: payload, successNotification: false, errorNotification: false })).data;
      } else {
        const version: unknown = record?.version;
        await update({
          resource: def.name,
          id: id!,
          values: version === undefined || version === null ? payload : { ...payload, version },
          successNotification: false,
          errorNotification: false,
        });
      }
      for (const warning of saveWarnings(def.name, payload, def.fields)) void message.warning(warning, 8);
      // A created row may come with what only this answer shows (a webhook's secret), or with what to
      // do next (a collected deposit's receipt: 打印票据).
      if (revealOnce(modal, def, created, () => void back())) return;
      if (
        !offerRoute(
          modal,
          def.afterCreate,
          created,
          messages.saved,
          (path) => void navigate(path, { replace: true }),
          () => void back(),
        )
      ) {
        void message.success(messages.saved);
        void back();
      }
    } catch (error) {
      // The wrapper has shown the message; put field errors on their fields.
      if (error instanceof RequestError) {
        const fieldErrors = error.fieldErrors.filter((e) => known.has(e.field));
        if (fieldErrors.length) form.setFields(fieldErrors.map((e) => ({ name: e.field, errors: [e.message] })));
        // A rule on a field this form does not show: its own message says more than the code's text.
        else if (error.fieldErrors[0] && error.fieldErrors[0].message !== error.message) void message.error(error.fieldErrors[0].message);
      }
    }
  };

  const title = (mode === "create" ? fillTexts.webList.createTitle : fillTexts.webList.editTitle)({ resource: resourceLabel(def, scene) });

  if (mode === "edit" && query.isError) {
    return <RecordLoadError error={query.error} onRetry={() => void query.refetch()} onBack={back} />;
  }

  return (
    <Card title={title} variant="borderless">
      <Spin spinning={mode === "edit" && query.isLoading}>
        <Form
          form={form}
          layout={narrow ? "vertical" : "horizontal"}
          labelCol={narrow ? undefined : { flex: "160px" }}
          wrapperCol={narrow ? undefined : { flex: "auto" }}
          labelWrap
          style={{ maxWidth: 760 }}
          initialValues={initialValues}
          onFinish={onFinish}
          scrollToFirstError
        >
          {fields.map((f) => {
            const whenUsed = usedWhenRule(f, scene);
            const item = (
              <Form.Item
                key={f.name}
                name={f.name}
                label={fieldLabel(f, scene)}
                required={isRequiredOnForm(f) && !f.readOnly && !(f.type === "secret" && mode === "edit")}
                validateTrigger={VALIDATE_TRIGGER}
                rules={f.readOnly ? [] : [schemaRule(def.name, mode, fields, f, fixed), ...(whenUsed ? [whenUsed] : [])]}
              >
                <FieldInput field={f} mode={mode} disabled={f.readOnly || f.name in fixed} />
              </Form.Item>
            );
            // A field used only with some values of another (usedWhen) shows only while it is used.
            if (!f.usedWhen) return item;
            return (
              <Form.Item key={f.name} noStyle dependencies={[f.usedWhen.field]}>
                {() => (usedOnForm(f, fields, { ...(form.getFieldsValue(true) as Record<string, unknown>), ...fixed }) ? item : null)}
              </Form.Item>
            );
          })}
          <Form.Item wrapperCol={{ offset: 0 }} style={{ marginLeft: 160 }}>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
              <Button onClick={back} disabled={saving}>
                取消
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
