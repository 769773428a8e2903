// An antd Select for a required Form.Item: the item marks its control aria-required, which a Select
// puts on its root element, a plain div where the attribute is not allowed (axe aria-allowed-attr).
// The mark is dropped there; the label's required mark and the rule's message stay.
import { Select, type SelectProps } from "antd";

export function FormItemSelect({ "aria-required": _required, ...props }: SelectProps & { "aria-required"?: unknown }) {
  return <Select {...props} />;
}
