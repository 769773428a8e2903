// The filter form of a generic list: its filter fields (schema filter:true) plus the keyword search
// (trimmed, on Enter); both apply from page 1, and the form follows the URL state.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { SearchOutlined } from "@ant-design/icons";
import { Button, Form, Input, Space } from "antd";
import { useEffect, useMemo, useState } from "react";
import type { FieldDef } from "../../../../generated/model-types.ts";
import { fieldLabel } from "../fields.ts";
import { FieldInput } from "../inputs.tsx";
import { filtersFromForm, typedFilters, type ListState } from "../listQuery.ts";

/** Filter form (filter:true fields) plus the keyword search; both apply from page 1. */
export function FieldFilterBar({
  fields,
  searchable,
  state,
  onApply,
}: {
  fields: FieldDef[];
  searchable: FieldDef[];
  state: ListState;
  onApply: (filters: Record<string, string>, keyword: string | undefined) => void;
}) {
  const [form] = Form.useForm();
  // The typed keyword is a draft of the URL's: when the URL moves (back / forward, links) it starts over.
  const [draft, setDraft] = useState({ of: state, text: state.keyword ?? "" });
  const keyword = draft.of === state ? draft.text : (state.keyword ?? "");
  const setKeyword = (text: string) => setDraft({ of: state, text });
  const initial = useMemo(() => typedFilters(fields, state), [fields, state]);

  // Back / forward and links change the URL: the form follows it. (setFieldsValue, not
  // resetFields: a reset remounts the inputs and reloads the reference selects.)
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, initial[f.name]])));
  }, [form, fields, initial]);

  if (fields.length === 0 && searchable.length === 0) return null;
  const searchPlaceholder = fillTexts.webInputs.enter({ label: searchable.map((f) => fieldLabel(f)).join("/") });
  const apply = (nextKeyword: string | undefined) => onApply(filtersFromForm(form.getFieldsValue() as Record<string, unknown>), nextKeyword?.trim() || undefined);

  return (
    <div style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" onFinish={() => apply(keyword)} style={{ rowGap: 12 }}>
        {searchable.length > 0 && (
          <Form.Item>
            <Input.Search
              allowClear
              value={keyword}
              placeholder={searchPlaceholder}
              onChange={(e) => setKeyword(e.target.value)}
              // spec §5: the search input trims whitespace and searches on Enter.
              onSearch={(value) => {
                const trimmed = value.trim();
                setKeyword(trimmed);
                apply(trimmed);
              }}
              style={{ width: 260 }}
            />
          </Form.Item>
        )}
        {fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={fieldLabel(f)}>
            <FilterInput field={f} />
          </Form.Item>
        ))}
        {fields.length > 0 && (
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])));
                  setKeyword("");
                  onApply({}, undefined);
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        )}
      </Form>
    </div>
  );
}

/** A filter input keeps a fixed width so the inline form wraps evenly. */
function FilterInput({ field, value, onChange, id }: { field: FieldDef; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  return (
    <div style={{ width: 180 }}>
      <FieldInput field={field} value={value} onChange={onChange} variant="filter" id={id} />
    </div>
  );
}
