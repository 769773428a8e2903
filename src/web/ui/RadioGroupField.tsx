// A radio group for a Form.Item. antd's Radio.Group is a plain <div>, and a Form.Item hands its child
// aria-required (and aria-invalid, aria-describedby); on a div without a role ARIA does not allow
// aria-required (axe: aria-allowed-attr), and a reader hears no group. Here the item's id and aria-*
// go on a wrapper with the radiogroup role, the rest to Radio.Group.
import type { AriaAttributes } from "react";
import { Radio, type RadioGroupProps } from "antd";

type ItemAria = Pick<AriaAttributes, "aria-required" | "aria-invalid" | "aria-describedby">;

export function RadioGroupField({ id, "aria-required": required, "aria-invalid": invalid, "aria-describedby": describedBy, ...group }: RadioGroupProps & ItemAria) {
  return (
    <div role="radiogroup" id={id} aria-required={required} aria-invalid={invalid} aria-describedby={describedBy}>
      <Radio.Group {...group} />
    </div>
  );
}
