// 公摊分摊单 /propertyPayment/shareAllocation/print/:id: one stored 公摊 sheet on an A4 page (the
// print module's frame): what was split, how, and every room's share with the totals.
import { useOne } from "@refinedev/core";
import { useParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { mappingLabel } from "../../../../common/mappings.ts";
import { fenToYuan } from "../shared/money.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { basisColumn, ShareSheet, type SheetLine } from "./ShareSheet.tsx";

interface StoredLine {
  roomId: number;
  roomName: string;
  basisValue: string;
  amount: number;
}

interface SheetRow {
  id: number;
  sheetNo: string;
  paymentItemIdLabel?: string | null;
  period: string;
  scopeName?: string | null;
  basis: number;
  formula?: string | null;
  totalAmount: string;
  usage?: string | null;
  unitPrice?: string | null;
  basisTotal?: string | null;
  remark?: string | null;
  lines?: StoredLine[] | null;
}

export default function ShareAllocationPrintPage(_props: PageProps) {
  const { id } = useParams();
  const { result, query } = useOne<SheetRow>({ resource: "shareAllocations", id: id ?? "", queryOptions: { enabled: !!id } });
  if (query.isFetching && !result) return <PrintLoading />;
  if (!result) return <PrintMissing description="分摊单不存在或已被删除" backTo="/propertyPayment/shareAllocation" backLabel="返回公摊分摊" />;
  const r = result;
  const basis = r.basis;
  // The stored lines keep fen (the JSON column is not money-converted at the edge).
  const lines: SheetLine[] = (Array.isArray(r.lines) ? r.lines : []).map((l) => ({ ...l, amount: fenToYuan(l.amount) }));
  const rows: [string, string][] = [
    ["分摊单号", r.sheetNo],
    ["缴费项目", r.paymentItemIdLabel ?? ""],
    ["账期", r.period],
    ["分摊范围", r.scopeName ?? ""],
    ["分摊方式", mappingLabel("shareBasis", basis) + (r.formula ? `（${r.formula}）` : "")],
    ["公摊总额(元)", r.totalAmount],
    ...(r.usage ? ([["公摊用量 × 单价", `${r.usage} × ${r.unitPrice ?? ""}`]] as [string, string][]) : []),
    ["备注", r.remark ?? ""],
  ];
  return (
    <PrintLayout className="neptune-share-sheet" paper="a4">
      <h2 style={{ textAlign: "center" }}>公摊分摊单</h2>
      <table style={{ width: "100%", marginBottom: 12 }}>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th style={{ textAlign: "left", width: 140, fontWeight: 500 }}>{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShareSheet lines={lines} basisTotal={r.basisTotal ?? ""} totalAmount={r.totalAmount} basisLabel={basisColumn(basis)} pageSize={false} />
    </PrintLayout>
  );
}
