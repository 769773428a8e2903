// 临停出场收费 (the booth): choose the lot, type the plate and the entry and exit times, 计费 prices the
// stay by the lot's rule of its entry day (quoteParkingStay) with its breakdown, and 收费 takes the
// money (payParkingStay): a 临时收费 payment with its receipt, in 实收记录 and 日结, and a 停车缴费 row.
// A free stay is recorded without payment. A refused call shows its message under the form.
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Select, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { PayParkingStayData, QuoteParkingStayData } from "../../../../generated/operation-types.ts";
import { PayMethod } from "../../../../generated/states.ts";
import { texts } from "../../../../generated/texts.ts";
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { mappingSelectOptions, RefSelect } from "../../generic/inputs.tsx";
import { queries } from "../../http/query-client.ts";
import { requestErrorText } from "../../http/request.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { FeeLines, pickerField, StayTimes } from "./stay-parts.tsx";

const T = texts.parkingStay;

const LOT_FIELD = pickerField("lotId", T.lot, "parkingLots");

export default function ParkingStayCheckoutPage(_: PageProps) {
  const navigate = useNavigate();
  const [lotId, setLotId] = useState<number | null>(null);
  const [plate, setPlate] = useState("");
  const [enteredAt, setEnteredAt] = useState("");
  const [leftAt, setLeftAt] = useState("");
  const [payMethod, setPayMethod] = useState<number>(PayMethod.Cash);
  const [received, setReceived] = useState("");
  const [warning, setWarning] = useState<string | null>(null);
  const quote = useMutation(queries.quoteParkingStay.mutationOptions({ silent: true, loading: T.quoting }));
  const pay = useMutation(queries.payParkingStay.mutationOptions({ silent: true, loading: T.paying }));
  const stay = () => {
    const missing = !lotId ? T.pickLot : !plate.trim() ? T.pickPlate : !enteredAt || !leftAt ? texts.parkingFee.pickTimes : null;
    setWarning(missing);
    return missing || !lotId ? null : { lotId, plate: plate.trim(), enteredAt, leftAt };
  };
  const submit = () => {
    const body = stay();
    pay.reset();
    if (body) quote.mutate({ body });
  };
  const result: QuoteParkingStayData | undefined = quote.isSuccess ? quote.data : undefined;
  const charge = () => {
    const body = stay();
    if (!body || !result) return;
    pay.mutate({ body: { ...body, payMethod, expectedAmount: result.amount, receivedAmount: payMethod === PayMethod.Cash && received ? received : null } });
  };
  const paid: PayParkingStayData | undefined = pay.isSuccess ? pay.data : undefined;
  const problem = warning ?? (quote.isError ? requestErrorText(quote.error, T.quote) : pay.isError ? requestErrorText(pay.error, T.pay) : null);
  const payOptions = mappingSelectOptions("payMethod", true);
  return (
    <Card title={T.checkout} variant="borderless">
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={submit}>
        <Flex gap={12} wrap>
          <Form.Item label={T.lot} htmlFor="stay-lot" required style={{ flex: "1 1 220px" }}>
            <RefSelect id="stay-lot" field={LOT_FIELD} value={lotId ?? undefined} onChange={(v) => setLotId(v ? Number(v) : null)} />
          </Form.Item>
          <Form.Item label={T.plate} htmlFor="stay-plate" required style={{ flex: "1 1 220px" }}>
            <Input id="stay-plate" value={plate} maxLength={20} onChange={(e) => setPlate(e.target.value)} />
          </Form.Item>
        </Flex>
        <StayTimes idPrefix="stay" enteredAt={enteredAt} leftAt={leftAt} onEnteredAt={setEnteredAt} onLeftAt={setLeftAt} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={quote.isPending}>
            {T.quote}
          </Button>
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      {result && !warning && (
        <Flex vertical gap={12} style={{ maxWidth: 560 }}>
          <Descriptions
            bordered
            column={1}
            items={[
              { key: "rule", label: T.rule, children: result.ruleName },
              { key: "amount", label: texts.parkingFee.amount, children: <Typography.Text strong>{`¥${result.amount}`}</Typography.Text> },
            ]}
          />
          <FeeLines lines={result.lines} />
          {paid ? (
            <Alert
              type="success"
              showIcon
              message={paid.receiptNo ? fillTexts.parkingStay.paidOk({ receiptNo: paid.receiptNo }) : T.freeOk}
              description={paid.changeAmount && paid.changeAmount !== "0.00" ? fillTexts.parkingStay.change({ amount: paid.changeAmount }) : undefined}
              action={
                paid.receiptId ? (
                  <Button size="small" onClick={() => void navigate(`/propertyPayment/receipt/${paid.receiptId}`)}>
                    {T.print}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <Flex gap={12} wrap align="end">
              {result.amount !== "0.00" && (
                <>
                  <Flex vertical gap={4} style={{ flex: "1 1 160px" }}>
                    <label htmlFor="stay-pay-method">{T.payMethod}</label>
                    <Select id="stay-pay-method" value={payMethod} options={payOptions} onChange={(v: number) => setPayMethod(v)} />
                  </Flex>
                  {payMethod === PayMethod.Cash && (
                    <Flex vertical gap={4} style={{ flex: "1 1 160px" }}>
                      <label htmlFor="stay-received">{T.received}</label>
                      <Input id="stay-received" inputMode="decimal" value={received} placeholder={result.amount} onChange={(e) => setReceived(e.target.value)} />
                    </Flex>
                  )}
                </>
              )}
              <Button type="primary" onClick={charge} loading={pay.isPending}>
                {result.amount === "0.00" ? T.release : T.pay}
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
