// antd's DatePicker and RangePicker (≈32 KB gzip with their panels): a chunk of their own, loaded the
// first time a user opens a date field (DatePickerOnUse.tsx), never with a page.
import { DatePicker } from "antd";
import type { DatePickerProps, RangePickerProps } from "antd/es/date-picker";

export type DatePickerKitProps = ({ range?: false } & DatePickerProps) | ({ range: true } & RangePickerProps);

export default function DatePickerKit(props: DatePickerKitProps) {
  if (props.range) {
    const { range: _range, ...rest } = props;
    return <DatePicker.RangePicker {...rest} />;
  }
  const { range: _range, ...rest } = props;
  return <DatePicker {...rest} />;
}
