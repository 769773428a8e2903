// The input of date and date-time fields (generic forms, list filters, row-action dialogs): antd's
// DatePicker, loaded when the user first opens a date field (DatePickerOnUse.tsx).
import { DatePickerOnUse } from "./DatePickerOnUse.tsx";
import type { Dayjs } from "dayjs";

export interface DateInputProps {
  id?: string;
  disabled?: boolean;
  showTime?: boolean;
  value?: Dayjs | null;
  onChange?: (value: Dayjs | undefined) => void;
  placeholder?: string;
}

export default function DateInput({ id, disabled, showTime, value, onChange, placeholder }: DateInputProps) {
  return <DatePickerOnUse id={id} disabled={disabled} showTime={showTime} value={value ?? null} onChange={(v) => onChange?.(v ?? undefined)} style={{ width: "100%" }} placeholder={placeholder} />;
}
