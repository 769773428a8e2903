// Date fields that cost a page nothing until used. A page shows a plain input with the value (same
// size, same placeholder as antd's picker in zh_CN); the first focus or click loads antd's picker
// (DatePickerKit.tsx) and puts it in place, open. Once loaded, every date field renders the real
// picker at once. Props are antd's DatePicker / RangePicker props, so Form.Item (id, value, onChange)
// works the same with either.
import { CalendarOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { DatePickerProps, RangePickerProps } from "antd/es/date-picker";
import type { Dayjs } from "dayjs";
import { lazy, Suspense, useState } from "react";
import type { DatePickerKitProps } from "./DatePickerKit.tsx";

const loadKit = () => import("./DatePickerKit.tsx");
const DatePickerKit = lazy(loadKit);
let kitLoaded = false;

/** The class every date field carries, before and after the picker has loaded (tests find fields by it). */
export const DATE_FIELD_CLASS = "date-field";

type Picker = DatePickerProps["picker"];

const FORMATS: Record<string, string> = { year: "YYYY", quarter: "YYYY-[Q]Q", month: "YYYY-MM", week: "YYYY-wo", date: "YYYY-MM-DD" };
const PLACEHOLDERS: Record<string, string> = { year: "请选择年份", quarter: "请选择季度", month: "请选择月份", week: "请选择周", date: "请选择日期" };
const RANGE_PLACEHOLDERS: Record<string, [string, string]> = {
  year: ["开始年份", "结束年份"],
  quarter: ["开始季度", "结束季度"],
  month: ["开始月份", "结束月份"],
  week: ["开始周", "结束周"],
  date: ["开始日期", "结束日期"],
};

/** antd's pickers' own widths (measured in zh_CN, dates and months alike), so nothing moves when the real one takes the place. */
const SINGLE_WIDTH = 136;
const RANGE_WIDTH = 262;

/** The text a picker shows for a value (antd's default formats). */
export function pickerText(value: Dayjs | null | undefined, picker: Picker = "date", showTime = false, format?: unknown): string {
  if (!value || !value.isValid()) return "";
  const pattern = typeof format === "string" ? format : showTime && picker === "date" ? "YYYY-MM-DD HH:mm:ss" : (FORMATS[picker ?? "date"] ?? FORMATS.date);
  return value.format(pattern);
}

function useKitOnUse(): [boolean, () => void] {
  const [wanted, setWanted] = useState(kitLoaded);
  const want = () => {
    if (wanted) return;
    void loadKit().then(() => (kitLoaded = true));
    setWanted(true);
  };
  return [wanted, want];
}

function LookAlike({ id, text, placeholder, disabled, style, onUse }: { id?: string; text: string; placeholder: string; disabled?: boolean; style?: React.CSSProperties; onUse: () => void }) {
  return (
    <Input
      id={id}
      className={DATE_FIELD_CLASS}
      readOnly
      disabled={disabled}
      value={text}
      placeholder={placeholder}
      suffix={<CalendarOutlined style={{ color: "rgba(0, 0, 0, 0.25)" }} />}
      style={style}
      onFocus={onUse}
      onMouseDown={onUse}
    />
  );
}

function Real({ props, opened, fallback }: { props: DatePickerKitProps; opened: boolean; fallback: React.ReactNode }) {
  const className = [DATE_FIELD_CLASS, props.className].filter(Boolean).join(" ");
  return (
    <Suspense fallback={fallback}>
      <DatePickerKit {...props} className={className} {...(opened ? { defaultOpen: true, autoFocus: true } : {})} />
    </Suspense>
  );
}

/** antd's DatePicker, loaded on first use. */
export function DatePickerOnUse(props: DatePickerProps) {
  const [wanted, want] = useKitOnUse();
  const [opened] = useState(() => !kitLoaded);
  const value = props.value;
  const lookAlike = (
    <LookAlike
      id={props.id}
      text={pickerText(value, props.picker, !!props.showTime, props.format)}
      placeholder={typeof props.placeholder === "string" ? props.placeholder : (PLACEHOLDERS[props.picker ?? "date"] ?? PLACEHOLDERS.date)}
      disabled={props.disabled}
      style={props.showTime ? props.style : { width: SINGLE_WIDTH, ...props.style }}
      onUse={want}
    />
  );
  return wanted ? <Real props={{ ...props, range: false }} opened={opened} fallback={lookAlike} /> : lookAlike;
}

/** antd's RangePicker, loaded on first use. */
export function RangePickerOnUse(props: RangePickerProps) {
  const [wanted, want] = useKitOnUse();
  const [opened] = useState(() => !kitLoaded);
  const [from, to] = (props.value ?? [null, null]) as [Dayjs | null, Dayjs | null];
  const text = from || to ? `${pickerText(from, props.picker)} ~ ${pickerText(to, props.picker)}` : "";
  const [start, end] = RANGE_PLACEHOLDERS[props.picker ?? "date"] ?? RANGE_PLACEHOLDERS.date;
  const style = { width: RANGE_WIDTH, ...props.style };
  const lookAlike = <LookAlike id={typeof props.id === "string" ? props.id : undefined} text={text} placeholder={`${start} ~ ${end}`} disabled={props.disabled === true} style={style} onUse={want} />;
  return wanted ? <Real props={{ ...props, range: true }} opened={opened} fallback={lookAlike} /> : lookAlike;
}
