// After a payment: the receipt number, the amounts and the change, the cashier by name (收款人), with
// 打印票据 opening the receipt's print page.
import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import type { PayResult } from "../types.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export function PaidResult({ result, onClose }: { result: PayResult; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={fillTexts.payDesk.paid({ amount: result.payAmount })}
      subTitle={fillTexts.payDesk.paidDetail({
        receiptNo: result.receiptNo,
        change: result.changeAmount ? fillTexts.payDesk.paidChange({ received: result.receivedAmount ?? "", change: result.changeAmount }) : "",
        day: result.accountingDay,
        cashier: result.cashierName ? fillTexts.payDesk.paidCashier({ name: result.cashierName }) : "",
      })}
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
