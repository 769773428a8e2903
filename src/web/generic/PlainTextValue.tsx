// A masked field on the detail page (schemas: a field's `mask`): the masked value the server sends,
// and for a holder of 查看明文 (VIEW_PLAIN_TEXT) a 查看 link that reads the full value (POST
// .../{id}/actions/plainText; the server logs each read) and shows it in place.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { EyeOutlined } from "@ant-design/icons";
import { App, Button, Space } from "antd";
import { useState, type ReactNode } from "react";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { http, RequestError } from "../http/request.ts";
import { resourceUrl } from "../providers/dataProvider.ts";
import { getAuthorities } from "../state/session.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { PLAIN_TEXT_CODE } from "../../common/masks.ts";
import { fieldLabel } from "./fields.ts";

export const mayViewPlainText = (): boolean => (getAuthorities() ?? []).includes(PLAIN_TEXT_CODE);

export function PlainTextValue({ def, id, field, children }: { def: ResourceDef; id: string | number; field: string; children: ReactNode }) {
  const { message } = App.useApp();
  const [plain, setPlain] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownField = def.fields.find((f) => f.name === field);
  const label = shownField ? fieldLabel(shownField) : "";
  if (plain !== null) return <>{plain || "-"}</>;
  const reveal = async () => {
    setBusy(true);
    try {
      const url = `${await resourceUrl(def.name)}/${encodeURIComponent(String(id))}/actions/plainText`;
      const answer = await http.post<{ value: unknown }>(url, { field }, { silent: true });
      setPlain(scalarText(answer.value));
    } catch (error) {
      if (!(error instanceof RequestError && error.kind === "unauthorized")) void message.error(error instanceof Error ? error.message : "查看失败");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      {children}
      <Button type="link" size="small" icon={<EyeOutlined />} loading={busy} onClick={() => void reveal()} aria-label={fillTexts.webList.revealFull({ label })}>
        查看
      </Button>
    </Space>
  );
}
