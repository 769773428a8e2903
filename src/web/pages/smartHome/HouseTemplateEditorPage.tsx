// 编辑户型模板 (/intelligence/smartHouseTemplate/editTemplate?id=, HBL22004): the rooms of a house
// template and the smart devices each gets (smartHouseTemplates.spaces). Pick the template (or come
// with ?id=), add / rename / remove rooms, add device types with their counts, and save
// (PUT {smarthome}/smartHouseTemplates/{id} with the row's version, so a concurrent edit is refused).
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useList, useOne, useUpdate } from "@refinedev/core";
import { App, Button, Card, Empty, Input, InputNumber, Select, Space, Spin, Table, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { mappingSelectOptions } from "../../generic/inputs.tsx";
import { useCurrentCommunity } from "../../state/community.ts";
import { deviceTotal, MAX_DEVICE_COUNT, MAX_SPACE_NAME, readSpaces, spacesProblem, type TemplateSpace } from "./template-spaces.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";

const DEVICE_TYPES = mappingSelectOptions("smartDeviceType");

export default function HouseTemplateEditorPage() {
  const pageTitle = useRouteTitle();
  const { message } = App.useApp();
  const community = useCurrentCommunity();
  const [params, setParams] = useSearchParams();
  const id = params.get("id") ?? undefined;
  const { result: templates, query: listQuery } = useList({
    resource: "smartHouseTemplates",
    pagination: { currentPage: 1, pageSize: 200, mode: "server" },
    meta: { communityId: community?.communityId ?? undefined },
  });
  const { result: record, query } = useOne({ resource: "smartHouseTemplates", id, queryOptions: { enabled: !!id } });
  const [spaces, setSpaces] = useState<TemplateSpace[]>(() => readSpaces(record?.spaces));
  // A newly loaded template replaces the edited rooms (adjusted while rendering, not in an effect).
  const [loaded, setLoaded] = useState(record);
  if (record !== loaded) {
    setLoaded(record);
    setSpaces(readSpaces(record?.spaces));
  }
  const [newSpace, setNewSpace] = useState("");
  const { mutateAsync: update, mutation } = useUpdate();

  const change = (i: number, next: TemplateSpace) => setSpaces((s) => s.map((x, j) => (j === i ? next : x)));
  const addSpace = () => {
    const name = newSpace.trim();
    if (!name) return;
    setSpaces((s) => [...s, { space: name, devices: [] }]);
    setNewSpace("");
  };

  const save = async () => {
    const problem = spacesProblem(spaces);
    if (problem) {
      void message.error(problem);
      return;
    }
    try {
      await update({ resource: "smartHouseTemplates", id: id!, values: { spaces, version: record?.version as unknown }, successNotification: false, errorNotification: false });
      void message.success("户型模板已保存");
      void query.refetch();
    } catch {
      // The request wrapper has shown why (e.g. the template was changed by someone else).
    }
  };

  return (
    <Card
      title={pageTitle}
      variant="borderless"
      extra={
        <Space>
          <Select
            aria-label="选择户型模板"
            style={{ width: 220 }}
            placeholder="选择户型模板"
            loading={listQuery.isFetching}
            value={id ? Number(id) : undefined}
            options={(templates?.data ?? []).map((t) => ({ value: t.id as number, label: String(t.name) }))}
            onChange={(v) => setParams({ id: String(v) })}
          />
          <Button type="primary" disabled={!id} loading={mutation.isPending} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      {!id ? (
        <Empty description="请选择要编辑的户型模板" />
      ) : (
        <Spin spinning={query.isLoading}>
          <Typography.Paragraph type="secondary">
            {String(record?.name ?? "")} {record?.layout ? `· ${String(record.layout)}` : ""} · 共 {spaces.length} 个房间，{deviceTotal(spaces)} 台设备
          </Typography.Paragraph>
          <Space direction="vertical" style={{ width: "100%" }} size="middle">
            {spaces.map((s, i) => (
              <Card
                key={i}
                size="small"
                title={<Input value={s.space} maxLength={MAX_SPACE_NAME} onChange={(e) => change(i, { ...s, space: e.target.value })} style={{ width: 200 }} aria-label="房间名称" />}
                extra={
                  <Button danger type="link" icon={<DeleteOutlined />} onClick={() => setSpaces((x) => x.filter((_, j) => j !== i))}>
                    删除房间
                  </Button>
                }
              >
                <Table
                  size="small"
                  rowKey={(_, j) => String(j)}
                  pagination={false}
                  dataSource={s.devices}
                  locale={{ emptyText: "暂无设备" }}
                  columns={[
                    {
                      title: "设备类型",
                      render: (_: unknown, d, j) => (
                        <Select
                          style={{ width: 180 }}
                          value={d.deviceType}
                          options={DEVICE_TYPES}
                          onChange={(v) => change(i, { ...s, devices: s.devices.map((x, k) => (k === j ? { ...x, deviceType: Number(v) } : x)) })}
                        />
                      ),
                    },
                    {
                      title: "数量",
                      render: (_: unknown, d, j) => (
                        <InputNumber
                          min={1}
                          max={MAX_DEVICE_COUNT}
                          precision={0}
                          value={d.count}
                          onChange={(v) => change(i, { ...s, devices: s.devices.map((x, k) => (k === j ? { ...x, count: Number(v ?? 1) } : x)) })}
                        />
                      ),
                    },
                    {
                      title: "操作",
                      render: (_: unknown, _d, j) => (
                        <Button type="link" danger onClick={() => change(i, { ...s, devices: s.devices.filter((_, k) => k !== j) })}>
                          移除
                        </Button>
                      ),
                    },
                  ]}
                />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  onClick={() => change(i, { ...s, devices: [...s.devices, { deviceType: Number(DEVICE_TYPES[0]?.value ?? 1), count: 1 }] })}
                >
                  添加设备
                </Button>
              </Card>
            ))}
            <Space>
              <Input placeholder="房间名称，如 客厅" value={newSpace} maxLength={MAX_SPACE_NAME} onChange={(e) => setNewSpace(e.target.value)} onPressEnter={addSpace} style={{ width: 200 }} />
              <Button icon={<PlusOutlined />} onClick={addSpace}>
                添加房间
              </Button>
            </Space>
          </Space>
        </Spin>
      )}
    </Card>
  );
}
