// 历史账单 /propertyPayment/billhistory: the community's bills in every state by month, item,
// state and room number; choosing a room shows its whole history (bills, charges and refunds,
// refunds, waivers).
import { Button, Card, DatePicker, Form, Input, Select, Table } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import type { PageProps } from "../../registry.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { paymentApi } from "../api.ts";
import type { BillView } from "../types.ts";
import { MapTag, optionsOf } from "../shared/labels.tsx";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { RoomPicker, type PickedRoom } from "../shared/RoomPicker.tsx";
import { useLoad } from "../shared/useLoad.ts";
import { RoomHistoryView } from "./RoomHistoryView.tsx";

export default function BillHistoryPage({ route }: PageProps) {
  const community = useCurrentCommunity();
  const communityId = community?.communityId ? Number(community.communityId) : null;
  const [room, setRoom] = useState<PickedRoom | null>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const list = useLoad(communityId && !room ? () => paymentApi.queryBills({ communityId, ...filters, ...page }) : null, [communityId, room, JSON.stringify(filters), page.pageNo, page.pageSize]);
  const title = route?.title ?? "历史账单";
  if (!communityId) return <NeedCommunity title={title} />;
  return (
    <Card title={room ? `${title} · ${room.label}` : title} variant="borderless" extra={<RoomPicker key={communityId} communityId={communityId} value={room?.id} onChange={setRoom} />}>
      {room ? (
        <>
          <Button style={{ marginBottom: 12 }} onClick={() => setRoom(null)}>
            返回全部账单
          </Button>
          <RoomHistoryView key={room.id} roomId={room.id} />
        </>
      ) : (
        <>
          <Form
            layout="inline"
            style={{ marginBottom: 16, rowGap: 12 }}
            onFinish={(v: { period?: Dayjs; status?: number; keyword?: string }) => {
              setFilters({ period: v.period?.format("YYYY-MM"), status: v.status, keyword: v.keyword?.trim() || undefined });
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            <Form.Item name="period" label="账期">
              <DatePicker picker="month" />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear style={{ width: 120 }} options={optionsOf("billStatus")} />
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
          <Table<BillView>
            rowKey="id"
            size="middle"
            loading={list.loading}
            dataSource={list.data?.list ?? []}
            scroll={{ x: "max-content" }}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (n) => `共 ${n} 张`,
              onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            }}
            columns={[
              { title: "账单编号", dataIndex: "billNo" },
              {
                title: "房屋",
                dataIndex: "roomLabel",
                render: (v, b) => (
                  <Button type="link" size="small" onClick={() => setRoom({ id: b.roomId, label: v })}>
                    {v}
                  </Button>
                ),
              },
              { title: "缴费项目", dataIndex: "itemName" },
              { title: "账期", dataIndex: "period" },
              { title: "应收(元)", dataIndex: "amountDue", align: "right" },
              { title: "已收(元)", dataIndex: "amountPaid", align: "right" },
              { title: "减免(元)", dataIndex: "amountWaived", align: "right" },
              { title: "未缴(元)", dataIndex: "outstanding", align: "right" },
              { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="billStatus" value={v} /> },
            ]}
          />
        </>
      )}
    </Card>
  );
}
