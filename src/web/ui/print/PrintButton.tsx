// The button that prints the page: the browser's print dialog, which prints only the sheet of the
// page's PrintLayout (print.css).
import { Button, type ButtonProps } from "antd";

export function PrintButton({ children = "打印", type = "primary", ...rest }: Omit<ButtonProps, "onClick">) {
  return (
    <Button type={type} onClick={() => window.print()} {...rest}>
      {children}
    </Button>
  );
}
