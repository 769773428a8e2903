// The frame of a printable page (the cashier's receipt, a dunning notice): a sheet with the page's
// content and, under it, 打印 and 返回. Printing shows the sheet alone — no shell (menu, header, page
// tabs, breadcrumb), no guides, no watermark, no buttons — on A4 pages with 18 mm margins (print.css).
import { Button, Card, Space } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { PrintButton } from "./PrintButton.tsx";
import "./print.css";

interface PrintLayoutProps {
  className?: string;
  /** a4: an A4 sheet on screen as well */
  paper?: "a4";
  /** More buttons beside 打印 (an export), hidden in print like them. */
  actions?: ReactNode;
  children: ReactNode;
}

export function PrintLayout({ className, paper, actions, children }: PrintLayoutProps) {
  const navigate = useNavigate();
  const classes = ["neptune-print", paper === "a4" ? "neptune-print-a4" : undefined, className].filter(Boolean).join(" ");
  return (
    <Card variant="borderless">
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
