// 缴费票据 /propertyPayment/receipt/:id: the receipt of one transaction in the template the community's
// payment settings choose (票据与发票 → 票据模板), or another chosen above the sheet for this print
// (?template=): A4 整页 (one receipt an A4 page), A4 二等分 (half an A4 page, 148.5 mm high) or 针式
// 241 mm 三联 (a continuous form: 存根联, 客户联 and 记账联, one part each). The print module's frame
// (src/web/ui/print) prints the sheet alone: no buttons, toolbar, shell or watermark.
import { useQuery } from "@tanstack/react-query";
import { Radio } from "antd";
import { useParams, useSearchParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import type { PrintReceiptData } from "../../../../../generated/operation-types.ts";
import { labelOf, optionsOf } from "../shared/labels.tsx";
import { chinaDate, dateTime } from "../shared/columns.tsx";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { PrintBillTable } from "../../../ui/print/PrintBillTable.tsx";
import { ReceiptStatus, ReceiptTemplate } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

type Receipt = PrintReceiptData;
type Line = Receipt["lines"][number];
/** A row of the printed table: a line (its principal) or the late fees of the receipt's lines together. */
interface Row {
  key: string;
  item: string;
  period: string;
  pricing: string;
  amount: string;
}

/** The three parts of a continuous form, in print order. */
const PARTS = ["第一联 存根联", "第二联 客户联", "第三联 记账联"];
const PAPER = { [ReceiptTemplate.A4]: "a4", [ReceiptTemplate.A4Half]: "a4-half", [ReceiptTemplate.Continuous241]: "continuous-241" } as const;

const periodText = (l: Pick<Line, "period" | "periodEnd">) =>
  !l.period ? "-" : l.periodEnd && l.periodEnd !== l.period ? fillTexts.payReceipt.periodRange({ start: l.period, end: l.periodEnd }) : l.period;

function pricingText(l: Line): string {
  if (l.unitPrice === null || l.quantity === null) return "-";
  const months = l.months && l.months > 1 && l.quantityUnit !== "月" ? fillTexts.payReceipt.months({ months: l.months }) : "";
  return `${l.unitPrice} × ${l.quantity}${l.quantityUnit ?? ""}${months}`;
}

/** The rooms a receipt's lines are for, in their order (one payment may settle several rooms of one owner). */
const roomsOf = (d: Receipt) => [...new Set(d.lines.flatMap((l) => (l.roomName ? [l.roomName] : [])))];

/** The receipt's rows: each line at its principal (named with its room when the receipt has several), then one 滞纳金 row when any line paid a late fee. */
function rowsOf(d: Receipt, rooms: readonly string[]): Row[] {
  const severalRooms = rooms.length > 1;
  const rows: Row[] = d.lines.map((l) => ({
    key: String(l.id),
    item: `${severalRooms && l.roomName ? `${l.roomName} ` : ""}${l.itemName || labelOf("receiptKind", d.kind)}`,
    period: periodText(l),
    pricing: pricingText(l),
    amount: l.principal,
  }));
  const late = d.lines.filter((l) => l.lateFee !== "0.00");
  if (late.length)
    rows.push({
      key: "lateFee",
      item: "滞纳金",
      period: late.length > 3 ? fillTexts.payReceipt.latePeriods({ first: periodText(late[0]), count: late.length }) : late.map(periodText).join("、"),
      pricing: "-",
      amount: d.lateFee,
    });
  return rows;
}

/** One printed receipt (a part of a continuous form names itself). */
function ReceiptSheet({ d, part }: { d: Receipt; part?: string }) {
  const line = { display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: "4px 16px", marginBottom: 6 } as const;
  const rooms = roomsOf(d);
  const voided = d.status === ReceiptStatus.Voided;
  return (
    <div className={voided ? "neptune-receipt-sheet neptune-receipt-voided" : "neptune-receipt-sheet"}>
      {/* A voided receipt says so across its body, in every template (the text below it says why). */}
      {voided && (
        <div className="neptune-void-mark" aria-hidden="true">
          作废
        </div>
      )}
      {d.customTitle && d.customTitle !== d.kindTitle && <div style={{ textAlign: "center" }}>{d.customTitle}</div>}
      <h2 style={{ textAlign: "center", letterSpacing: 4, margin: "2px 0" }}>{d.kindTitle}</h2>
      <div style={{ ...line, marginBottom: 8 }}>
        <span>票据类型：{labelOf("receiptType", d.receiptType)}</span>
        {part && <strong className="neptune-receipt-part">{part}</strong>}
      </div>
      <div style={line}>
        <span>收款单位：{d.payeeName}</span>
        <span>票据号：{d.receiptNo}</span>
      </div>
      <div style={line}>
        <span>
          房屋：{d.communityName} {rooms.length > 1 ? rooms.join("、") : (d.roomName ?? "")}
        </span>
        <span>缴费人：{d.payerName || "-"}</span>
        <span>日期：{chinaDate(d.issuedAt)}</span>
      </div>
      <PrintBillTable<Row>
        rowKey="key"
        rows={rowsOf(d, rooms)}
        total={d.amount}
        columns={[
          { title: "收费项目", dataIndex: "item" },
          { title: "账期", dataIndex: "period" },
          { title: "单价 × 数量", dataIndex: "pricing" },
          { title: "金额(元)", dataIndex: "amount", align: "right" },
        ]}
      />
      <div style={{ ...line, marginTop: 8 }}>
        <span>支付方式：{labelOf("payMethod", d.payMethod)}</span>
        {d.receivedAmount !== null && (
          <span>
            实收 ¥{d.receivedAmount}，找零 ¥{d.changeAmount}
          </span>
        )}
      </div>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-end", flexWrap: "wrap", gap: 12, marginTop: 8 }}>
        <div style={{ display: "flex", gap: 24, flexWrap: "wrap" }}>
          <span>收款人：{d.issuerName ?? "-"}</span>
          <span>经手人：________</span>
          <span>交款人：________</span>
        </div>
        {d.sealEnabled && (
          <div className="neptune-receipt-seal" style={{ border: "1px dashed #8c8c8c", width: 150, minHeight: 64, padding: 6, textAlign: "center", boxSizing: "border-box" }}>
            <div>收款单位(盖章)</div>
            {d.sealText && <div style={{ marginTop: 6, color: "#595959" }}>{d.sealText}</div>}
          </div>
        )}
      </div>
      {d.refunds.length > 0 && (
        <div className="neptune-receipt-refunds" style={{ marginTop: 8 }}>
          已退金额：¥{d.refundedAmount}（
          {d.refunds
            .map((f) =>
              fillTexts.payReceipt.refund({ kind: labelOf("refundKind", f.refundKind), amount: f.amount, voucher: f.voucherNo ? fillTexts.payReceipt.refundVoucher({ voucherNo: f.voucherNo }) : "" }),
            )
            .join("；")}
          ）
        </div>
      )}
      {voided && (
        <div className="neptune-receipt-void" style={{ color: "#cf1322", marginTop: 8 }}>
          本票据已作废{d.voidReason ? fillTexts.payReceipt.voidReason({ reason: d.voidReason }) : ""}
          {d.voidedByName || d.voidedAt ? fillTexts.payReceipt.voidedBy({ by: [d.voidedByName, d.voidedAt ? dateTime(d.voidedAt) : null].filter(Boolean).join(" ") }) : ""}
        </div>
      )}
    </div>
  );
}

export default function ReceiptPage(_props: PageProps) {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const r = useQuery({ ...queries.printReceipt.queryOptions({ params: { id: id ?? "" } }, { silent: true }), enabled: !!id });
  if (r.isFetching && !r.data) return <PrintLoading />;
  if (!r.data) return <PrintMissing description="票据不存在或已被删除" backTo="/propertyPayment/cashier" backLabel="返回收银台" />;
  const d = r.data;
  const chosen = Number(params.get("template"));
  const template = chosen in PAPER ? (chosen as ReceiptTemplate) : d.template in PAPER ? (d.template as ReceiptTemplate) : ReceiptTemplate.A4;
  const choose = (value: number) =>
    setParams(
      (p) => {
        p.set("template", String(value));
        return p;
      },
      { replace: true },
    );
  const toolbar = (
    <>
      <span id="receipt-template-label">打印模板：</span>
      <Radio.Group
        aria-labelledby="receipt-template-label"
        optionType="button"
        buttonStyle="solid"
        options={optionsOf("receiptTemplate")}
        value={template}
        onChange={(e) => choose(Number(e.target.value))}
      />
    </>
  );
  return (
    <PrintLayout className={`neptune-receipt neptune-receipt-template-${template}`} paper={PAPER[template]} toolbar={toolbar}>
      {template === ReceiptTemplate.Continuous241 ? (
        PARTS.map((part) => (
          <section key={part} className="neptune-print-page" aria-label={part}>
            <ReceiptSheet d={d} part={part} />
          </section>
        ))
      ) : (
        <ReceiptSheet d={d} />
      )}
    </PrintLayout>
  );
}
