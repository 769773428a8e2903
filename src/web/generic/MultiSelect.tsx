// A multiple antd Select for a required Form.Item: the item marks its control aria-required, which
// a multiple Select puts on its root element, a plain div where the attribute is not allowed (axe
// aria-allowed-attr). The mark is dropped there; the label's required mark and the rule's message stay.
import { Select, type SelectProps } from "antd";

export function MultiSelect({ "aria-required": _required, ...props }: SelectProps & { "aria-required"?: unknown }) {
  return <Select mode="multiple" {...props} />;
}
