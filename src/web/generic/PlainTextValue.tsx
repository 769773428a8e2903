// A masked field of a resource (schemas: a field's `mask`): the masked value the server sends, and
// for a holder of 查看明文 (VIEW_PLAIN_TEXT) a 查看 link that reads the full value (POST
// .../{id}/actions/plainText; the server logs each read) and shows it in place. On the detail page,
// and in a list's cell for a phone (compact).
import type { ReactNode } from "react";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { http } from "../http/request.ts";
import { resourceUrl } from "../providers/dataProvider.ts";
import { getAuthorities } from "../state/session.ts";
import { PLAIN_TEXT_CODE } from "../../common/masks.ts";
import { fieldLabel } from "./fields.ts";
import { RevealValue } from "./RevealValue.tsx";

export const mayViewPlainText = (): boolean => (getAuthorities() ?? []).includes(PLAIN_TEXT_CODE);

interface PlainTextValueProps {
  def: ResourceDef;
  id: string | number;
  field: string;
  compact?: boolean;
  children: ReactNode;
}

export function PlainTextValue({ def, id, field, compact, children }: PlainTextValueProps) {
  const shownField = def.fields.find((f) => f.name === field);
  const reveal = async () => {
    const url = `${await resourceUrl(def.name)}/${encodeURIComponent(String(id))}/actions/plainText`;
    return (await http.post<{ value: unknown }>(url, { field }, { silent: true })).value;
  };
  return (
    <RevealValue label={shownField ? fieldLabel(shownField) : ""} reveal={reveal} compact={compact}>
      {children}
    </RevealValue>
  );
}
