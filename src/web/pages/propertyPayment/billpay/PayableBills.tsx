// Approved bills still owed in the community (status 已审核 / 部分缴费), by month, item and room;
// select bills of one room and take payment, or waive one.
import { useQuery } from "@tanstack/react-query";
import { App, Button, Form, Input, Space, Typography } from "antd";
import type { TableProps } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import type { BillView, PayResult } from "../types.ts";
import { BILL_AMOUNTS, billColumns } from "../shared/columns.tsx";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { PaymentItemField, PeriodField } from "../shared/queryFields.tsx";
import { sumYuan } from "../shared/money.ts";
import { PayDialog } from "../shared/PayDialog.tsx";
import { WaiverDialog } from "../shared/WaiverDialog.tsx";
import { useBillsWritten } from "../shared/queries.ts";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { queries } from "../../../http/query-client.ts";
import { accessibleRowSelection } from "../../../generic/rowSelection.tsx";
import { BillStatus } from "../../../../../generated/states.ts";
import { messages } from "../../../../../generated/errors.ts";

export function PayableBills({ communityId, onPaid }: { communityId: number; onPaid: (r: PayResult, autoPrint: boolean) => void }) {
  const title = useRouteTitle();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<{ period?: string; paymentItemId?: number; keyword?: string }>({});
  const { page, firstPage, table } = usePaging(20);
  const [selected, setSelected] = useState<BillView[]>([]);
  const [paying, setPaying] = useState(false);
  const [waiving, setWaiving] = useState<BillView | null>(null);
  const settings = useQuery(queries.getPaymentSettings.queryOptions({ query: { communityId } }));
  const list = useQuery(queries.queryBills.queryOptions({ body: { communityId, status: [BillStatus.Approved, BillStatus.PartlyPaid], ...filters, ...page } }));
  const billsWritten = useBillsWritten();

  const select = (rows: BillView[]) => {
    if (new Set(rows.map((r) => r.roomId)).size > 1) {
      void message.warning(messages.oneRoomPerPayment);
      return;
    }
    setSelected(rows);
  };
  // After a payment or a waiver (whose dialogs make every page showing bills read them again): no selection.
  const done = () => setSelected([]);
  // A payment refused as stale: no selection, and the bills read again.
  const stale = () => {
    setSelected([]);
    void billsWritten();
  };

  const columns: TableProps<BillView>["columns"] = [
    ...billColumns("roomLabel", "itemName", "period", "dueDate", ...BILL_AMOUNTS, "status"),
    {
      title: "操作",
      fixed: "right",
      render: (_v, b) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => (setSelected([b]), setPaying(true))}>
            缴费
          </Button>
          <Button type="link" size="small" onClick={() => setWaiving(b)}>
            减免
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryBar<{ period?: Dayjs; paymentItemId?: number; keyword?: string }>
        onSearch={(v) => {
          setFilters({ period: v.period?.format("YYYY-MM"), paymentItemId: v.paymentItemId, keyword: v.keyword?.trim() || undefined });
          firstPage();
        }}
      >
        <PeriodField />
        <PaymentItemField communityId={communityId} />
        <Form.Item name="keyword">
          <Input allowClear placeholder="房号 / 账单编号" style={{ width: 180 }} />
        </Form.Item>
      </QueryBar>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected.length} onClick={() => setPaying(true)}>
          缴费 ¥{sumYuan(selected.map((b) => b.outstanding))}
        </Button>
        {selected.length > 0 && (
          <Typography.Text type="secondary">
            已选 {selected.length} 张（{selected[0].roomLabel}）
          </Typography.Text>
        )}
      </Space>
      <DataTable<BillView>
        label={title}
        {...table({ data: list.data, loading: list.isFetching }, { unit: "张", sizeChanger: true })}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected.map((b) => b.id), onChange: (_k, rows) => select(rows), ...accessibleRowSelection(["billNo", "itemName"]) }}
      />
      <PayDialog
        open={paying}
        bills={selected}
        payMethods={settings.data?.payMethods ?? []}
        allowPartial={!!settings.data?.allowPartialPayment}
        onClose={() => setPaying(false)}
        onStale={() => (setPaying(false), stale())}
        onPaid={(r) => {
          setPaying(false);
          done();
          onPaid(r, !!settings.data?.autoPrintReceipt);
        }}
      />
      <WaiverDialog bill={waiving} onClose={() => setWaiving(null)} onDone={() => (setWaiving(null), done())} />
    </>
  );
}
