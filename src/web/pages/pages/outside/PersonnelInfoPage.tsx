// 人员信息 (/personnel/personnelInfo?id=, HBL01005, outside the frame): one resident's profile — the
// inhabitant's fields (labels and masks from the schema), the room, cards, key-person status, face
// records and the latest open-door events (GET {system}/inhabitants/{id}/actions/profile). Without
// ?id= a resident is looked up by name or phone first (the inhabitants list, in every community the
// user may see).
import { useList } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Descriptions, Empty, Row, Select, Space, Spin, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { mappingLabel } from "../../../../common/mappings.ts";
import { mask } from "../../../../common/masks.ts";
import { FieldValue } from "../../../generic/display.tsx";
import { detailFields, fieldLabel } from "../../../generic/fields.ts";
import inhabitantDef from "../../../../../generated/resource-defs/inhabitants.ts";
import { queries } from "../../../http/query-client.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

interface Found {
  id: number;
  name: string;
  phone: string;
  roomIdLabel?: string;
}

function PersonSearch({ onPick }: { onPick: (id: number) => void }) {
  const [keyword, setKeyword] = useState("");
  // The inhabitants are a generic resource: Refine's list hook, in every community (meta.communityId null).
  const { query, result } = useList<Found>({
    resource: inhabitantDef.name,
    pagination: { currentPage: 1, pageSize: 20 },
    filters: [{ field: "keyword", operator: "contains", value: keyword }],
    meta: { communityId: null },
    queryOptions: { enabled: !!keyword },
    successNotification: false,
    errorNotification: false,
  });
  return (
    <Select
      showSearch
      filterOption={false}
      style={{ width: 280 }}
      placeholder="输入姓名或手机号查找住户"
      loading={query.isFetching}
      onSearch={(v) => setKeyword(v.trim())}
      onChange={(v) => onPick(Number(v))}
      options={result.data.map((p) => ({ value: p.id, label: `${mask("name", p.name)} ${mask("phone", p.phone)}${p.roomIdLabel ? ` · ${p.roomIdLabel}` : ""}` }))}
      aria-label="查找住户"
    />
  );
}

export default function PersonnelInfoPage() {
  const pageTitle = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const id = params.get("id");
  const { data, isFetching: loading } = useQuery({ ...queries.getInhabitantProfile.queryOptions({ params: { id: Number(id) } }), enabled: !!id });
  const room = data?.room ? [data.room.buildingName, data.room.unitName, data.room.roomNo].filter(Boolean).join("-") : "-";
  return (
    <OutsideLayout title={pageTitle} extra={<PersonSearch onPick={(v) => setParams({ id: String(v) })} />}>
      {!id ? (
        <Card>
          <Empty description="在右上角输入姓名或手机号查找住户" />
        </Card>
      ) : (
        <Spin spinning={loading}>
          {data && (
            <Row gutter={[16, 16]}>
              <Col xs={24}>
                <Card
                  title="基本信息"
                  extra={
                    <Space>
                      {data.keyPerson && <Tag color="orange">重点人员：{mappingLabel("keyPersonCategory", data.keyPerson.category)}</Tag>}
                      <Tag>人脸记录 {data.faceCount}</Tag>
                    </Space>
                  }
                >
                  <Descriptions
                    bordered
                    size="small"
                    column={{ xs: 1, md: 2, lg: 3 }}
                    items={[
                      ...detailFields(inhabitantDef)
                        .filter((f) => f.name !== "roomId")
                        .map((f) => ({ key: f.name, label: fieldLabel(f), children: <FieldValue field={f} value={data.inhabitant[f.name]} row={data.inhabitant} detail /> })),
                      { key: "room", label: "房屋", children: room },
                    ]}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={10}>
                <Card title="卡片">
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={data.cards}
                    locale={{ emptyText: "暂无卡片" }}
                    columns={[
                      { title: "卡号", dataIndex: "cardNo", render: (v: string) => mask("card", v) },
                      { title: "类型", dataIndex: "cardType", render: (v: number) => mappingLabel("cardType", v) },
                      { title: "有效期至", dataIndex: "validUntil", render: (v: string | null) => v ?? "-" },
                      { title: "状态", dataIndex: "enabled", render: (v: boolean) => <Tag color={v ? "success" : "default"}>{v ? "启用" : "停用"}</Tag> },
                    ]}
                  />
                </Card>
              </Col>
              <Col xs={24} lg={14}>
                <Card title="最近开门记录">
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={data.accessEvents}
                    locale={{ emptyText: "暂无开门记录" }}
                    columns={[
                      { title: "时间", dataIndex: "eventTime", render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss") },
                      { title: "门禁设备", dataIndex: "deviceName", render: (v: string | null) => v ?? "-" },
                      { title: "开门方式", dataIndex: "openMethod", render: (v: number) => mappingLabel("openMethod", v) },
                      { title: "结果", dataIndex: "result", render: (v: number) => mappingLabel("openResult", v) },
                    ]}
                  />
                </Card>
              </Col>
            </Row>
          )}
        </Spin>
      )}
    </OutsideLayout>
  );
}
