// Mapping labels of the fee pages (generated/mappings.ts via src/common/mappings.ts): tags in the
// mapping's colour, and select options.
import { Tag } from "antd";
import { mappingColor, mappingLabel, mappingOptions } from "../../../../common/mappings.ts";

export function MapTag({ mapping, value }: { mapping: string; value: number | string | null | undefined }) {
  const text = mappingLabel(mapping, value);
  const color = mappingColor(mapping, value);
  return color ? <Tag color={color}>{text}</Tag> : <>{text}</>;
}

/** A form's options (never a value the system records by itself, e.g. 预存款抵扣), `only` these codes when given. */
export const optionsOf = (mapping: string, only?: readonly number[]) =>
  mappingOptions(mapping, { forForm: true })
    .filter((o) => !only || only.includes(Number(o.value)))
    .map((o) => ({ value: o.value as number, label: o.label }));

export const labelOf = (mapping: string, value: number | string | null | undefined) => mappingLabel(mapping, value);
