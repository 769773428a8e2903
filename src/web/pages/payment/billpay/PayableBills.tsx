// Approved bills still owed in the community (status 已审核 / 部分缴费), by month, item and room;
// select bills of one room and take payment, or waive one.
import { App, Button, DatePicker, Form, Input, Select, Space, Table, Typography } from "antd";
import type { TableProps } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { paymentApi } from "../api.ts";
import type { BillView, PayResult } from "../types.ts";
import { MapTag } from "../shared/labels.tsx";
import { sumYuan } from "../shared/money.ts";
import { PayDialog } from "../shared/PayDialog.tsx";
import { WaiverDialog } from "../shared/WaiverDialog.tsx";
import { useLoad } from "../shared/useLoad.ts";

export function PayableBills({ communityId, onPaid }: { communityId: number; onPaid: (r: PayResult, autoPrint: boolean) => void }) {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<{ period?: string; paymentItemId?: number; keyword?: string }>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<BillView[]>([]);
  const [paying, setPaying] = useState(false);
  const [waiving, setWaiving] = useState<BillView | null>(null);
  const settings = useLoad(() => paymentApi.settings(communityId), [communityId]);
  const items = useLoad(() => paymentApi.pageList<{ id: number; name: string }>("paymentItems", { communityId, pageNo: 1, pageSize: 200 }), [communityId]);
  const list = useLoad(() => paymentApi.queryBills({ communityId, status: [2, 5], ...filters, ...page }), [communityId, JSON.stringify(filters), page.pageNo, page.pageSize]);

  const select = (rows: BillView[]) => {
    if (new Set(rows.map((r) => r.roomId)).size > 1) {
      void message.warning("一次只能缴纳同一房屋的账单");
      return;
    }
    setSelected(rows);
  };
  const reload = () => {
    setSelected([]);
    list.reload();
  };

  const columns: TableProps<BillView>["columns"] = [
    { title: "房屋", dataIndex: "roomLabel" },
    { title: "缴费项目", dataIndex: "itemName" },
    { title: "账期", dataIndex: "period" },
    { title: "截止日", dataIndex: "dueDate" },
    { title: "应收(元)", dataIndex: "amountDue", align: "right" },
    { title: "滞纳金(元)", dataIndex: "lateFee", align: "right" },
    { title: "已收(元)", dataIndex: "amountPaid", align: "right" },
    { title: "减免(元)", dataIndex: "amountWaived", align: "right" },
    { title: "未缴(元)", dataIndex: "outstanding", align: "right" },
    { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="billStatus" value={v} /> },
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
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 12 }}
        onFinish={(v: { period?: Dayjs; paymentItemId?: number; keyword?: string }) => {
          setFilters({ period: v.period?.format("YYYY-MM"), paymentItemId: v.paymentItemId, keyword: v.keyword?.trim() || undefined });
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      >
        <Form.Item name="period" label="账期">
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="paymentItemId" label="缴费项目">
          <Select allowClear style={{ width: 160 }} options={(items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder="房号 / 账单编号" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected.length} onClick={() => setPaying(true)}>
          缴费 ¥{sumYuan(selected.map((b) => b.outstanding))}
        </Button>
        {selected.length > 0 && <Typography.Text type="secondary">已选 {selected.length} 张（{selected[0].roomLabel}）</Typography.Text>}
      </Space>
      <Table<BillView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        scroll={{ x: "max-content" }}
        rowSelection={{ selectedRowKeys: selected.map((b) => b.id), onChange: (_k, rows) => select(rows) }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 张`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      <PayDialog
        open={paying}
        bills={selected}
        payMethods={settings.data?.payMethods ?? []}
        allowPartial={!!settings.data?.allowPartialPayment}
        onClose={() => setPaying(false)}
        onStale={() => (setPaying(false), reload())}
        onPaid={(r) => {
          setPaying(false);
          reload();
          onPaid(r, !!settings.data?.autoPrintReceipt);
        }}
      />
      <WaiverDialog bill={waiving} onClose={() => setWaiving(null)} onDone={() => (setWaiving(null), reload())} />
    </>
  );
}
