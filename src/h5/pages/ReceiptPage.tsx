// One receipt (receipts/<id>), laid out like the paper one: title, number, payee, room, payer, time,
// method, the lines (item, period, amount) and the total; 已作废 stamped across it when voided. 保存/打印
// prints it (window.print; the print style leaves the app's bars and buttons out, and a phone's print
// dialog saves it as PDF). Another room's receipt is the server's 404 message.
import { useCallback } from "react";
import { Button } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Refused, Title } from "./states.tsx";

export function ReceiptPage({ id }: { id: string | undefined }) {
  const receiptId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const load = useCallback(() => (receiptId === null ? Promise.reject(new Error("票据不存在")) : h5.getMyReceipt({ params: { id: receiptId } })), [receiptId]);
  const { data, error } = useLoad(load);
  let body;
  if (error) body = <Refused message={error} />;
  else if (!data) body = <Loading />;
  else
    body = (
      <>
        <article className={`h5-receipt${data.voided ? " h5-receipt-voided" : ""}`} aria-label="票据">
          {data.voided && (
            <p className="h5-receipt-stamp" role="status">
              已作废{data.voidedAt ? ` ${data.voidedAt}` : ""}
            </p>
          )}
          <h2 className="h5-receipt-title">{data.title}</h2>
          <dl className="h5-receipt-facts">
            <dt>票据号</dt>
            <dd>{data.receiptNo}</dd>
            <dt>收款单位</dt>
            <dd>{data.payeeName}</dd>
            <dt>房屋</dt>
            <dd>{`${data.communityName} ${data.roomName ?? data.roomId}`}</dd>
            <dt>付款人</dt>
            <dd>{data.payerName ?? "—"}</dd>
            <dt>收款时间</dt>
            <dd>{data.issuedAt}</dd>
            <dt>支付方式</dt>
            <dd>{data.payMethodLabel}</dd>
          </dl>
          <table className="h5-receipt-lines">
            <thead>
              <tr>
                <th scope="col">收费项目</th>
                <th scope="col">账期</th>
                <th scope="col">金额</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l, i) => (
                <tr key={i}>
                  <td>{l.itemName ?? "—"}</td>
                  <td>{l.period ?? "—"}</td>
                  <td>¥{l.amount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  合计
                </th>
                <td data-testid="receipt-total">¥{data.total}</td>
              </tr>
            </tfoot>
          </table>
        </article>
        <div className="h5-section h5-actions h5-noprint">
          <Button block color="primary" onClick={() => window.print()}>
            保存/打印
          </Button>
          <Button block onClick={() => navigate(`receipts?room=${data.roomId}`)}>
            全部票据
          </Button>
        </div>
      </>
    );
  return (
    <>
      <Title>票据详情</Title>
      {body}
    </>
  );
}
