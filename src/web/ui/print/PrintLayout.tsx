// The frame of a printable page (the cashier's receipt, a dunning notice): a sheet with the page's
// content and, under it, 打印 and 返回 (and above it, a page's own choices: a toolbar). Printing
// shows the sheet alone — no shell (menu, header, page tabs, breadcrumb), no guides, no watermark, no
// toolbar, no buttons — on A4 pages with 18 mm margins, or on the paper the sheet names (print.css):
// half an A4 page (148.5 mm high) or a 241 mm continuous form for dot-matrix printers.
import { Button, Card, Space } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { PrintButton } from "./PrintButton.tsx";
import "./print.css";

interface PrintLayoutProps {
  className?: string;
  /**
   * a4: an A4 sheet on screen as well; a4-half: half an A4 page (210 × 148.5 mm, printed on the top
   * half of an A4 page, a dashed cut line under it); continuous-241: a 241 mm wide continuous form,
   * each .neptune-print-page of the sheet one 241 × 140 mm part.
   */
  paper?: "a4" | "a4-half" | "continuous-241";
  /** Choices above the sheet (a receipt's template): on screen only. */
  toolbar?: ReactNode;
  /** More buttons beside 打印 (an export), hidden in print like them. */
  actions?: ReactNode;
  children: ReactNode;
}

export function PrintLayout({ className, paper, actions, toolbar, children }: PrintLayoutProps) {
  const navigate = useNavigate();
  const classes = ["neptune-print", paper ? `neptune-print-${paper}` : undefined, className].filter(Boolean).join(" ");
  return (
    <Card variant="borderless">
      {toolbar && <div className="neptune-print-toolbar">{toolbar}</div>}
      <div className={classes}>
        {children}
        <Space className="neptune-print-actions">
          <PrintButton />
          {actions}
          <Button onClick={() => navigate(-1)}>返回</Button>
        </Space>
      </div>
    </Card>
  );
}
