// After a payment: the receipt number, the amounts and the change, the cashier by name (收款人), with
// 打印票据 opening the receipt's print page.
import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import type { PayResult } from "../types.ts";

export function PaidResult({ result, onClose }: { result: PayResult; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={`收款成功 ¥${result.payAmount}`}
      subTitle={`票据号 ${result.receiptNo}${result.changeAmount ? `，实收 ¥${result.receivedAmount}，找零 ¥${result.changeAmount}` : ""}，记账日期 ${result.accountingDay}${result.cashierName ? `，收款人 ${result.cashierName}` : ""}`}
      extra={[
        <Button type="primary" key="print" onClick={() => navigate(`/propertyPayment/receipt/${result.receiptId}`)}>
          打印票据
        </Button>,
        <Button key="close" onClick={onClose}>
          继续收款
        </Button>,
      ]}
    />
  );
}
