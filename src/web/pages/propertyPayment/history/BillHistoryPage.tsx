// 历史账单 /propertyPayment/billhistory: the community's bills in every state by month, item,
// state and room number; choosing a room shows its whole history (bills, charges and refunds,
// refunds, waivers).
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useCurrentCommunity } from "../../../state/community.ts";
import type { BillView } from "../types.ts";
import { optionsOf } from "../shared/labels.tsx";
import { BILL_AMOUNTS, billColumns } from "../shared/columns.tsx";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { PeriodField } from "../shared/queryFields.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { RoomPicker, type PickedRoom } from "../shared/RoomPicker.tsx";
import { RoomHistoryView } from "./RoomHistoryView.tsx";
import { queries } from "../../../http/query-client.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function BillHistoryPage() {
  const community = useCurrentCommunity();
  const communityId = community?.communityId ? Number(community.communityId) : null;
  const [room, setRoom] = useState<PickedRoom | null>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { page, firstPage, table } = usePaging(20);
  const list = useQuery({ ...queries.queryBills.queryOptions({ body: { communityId: communityId ?? 0, ...filters, ...page } }), enabled: !!communityId && !room });
  const title = useRouteTitle();
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
          <QueryBar<{ period?: Dayjs; status?: number; keyword?: string }>
            onSearch={(v) => {
              setFilters({ period: v.period?.format("YYYY-MM"), status: v.status, keyword: v.keyword?.trim() || undefined });
              firstPage();
            }}
          >
            <PeriodField />
            <Form.Item name="status" label="状态">
              <Select allowClear style={{ width: 120 }} options={optionsOf("billStatus")} />
            </Form.Item>
            <Form.Item name="keyword">
              <Input allowClear placeholder="房屋 / 账单编号" style={{ width: 180 }} />
            </Form.Item>
          </QueryBar>
          <DataTable<BillView>
            label={title}
            {...table({ data: list.data, loading: list.isFetching }, { unit: "张", sizeChanger: true })}
            columns={[
              ...billColumns("billNo"),
              {
                title: "房屋",
                dataIndex: "roomLabel",
                render: (v, b) => (
                  <Button type="link" size="small" onClick={() => setRoom({ id: b.roomId, label: String(v) })}>
                    {v}
                  </Button>
                ),
              },
              // The late fee beside the amounts, so that a row adds up: 应收 + 滞纳金 − 已收 − 减免 = 未缴.
              ...billColumns("itemName", "period", ...BILL_AMOUNTS, "status"),
            ]}
          />
        </>
      )}
    </Card>
  );
}
