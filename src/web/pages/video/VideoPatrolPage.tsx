// 视频巡查 (/videoCloud/videoPatrol, HBL09001): a guard patrols the community's cameras in turn —
// pick one or start the round (it moves to the next camera every interval), look at its screen, and
// record what it showed (正常 / 异常 with a description) as a video patrol record (resource
// videoPatrolRecords, checked by its rules); the latest records are listed below.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { PauseCircleOutlined, PlayCircleOutlined, StepForwardOutlined } from "@ant-design/icons";
import { useCreate, useList, type BaseRecord } from "@refinedev/core";
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Table } from "antd";
import { RadioGroupField } from "../../ui/RadioGroupField.tsx";
import { useEffect, useMemo, useState } from "react";
import { mappingOptions } from "../../../common/mappings.ts";
import { FieldValue } from "../../generic/display.tsx";
import { fieldLabel } from "../../generic/fields.ts";
import records from "../../../../generated/resource-defs/videoPatrolRecords.ts";
import { payloadErrors } from "../../generic/fieldRules.ts";
import { useCurrentUser } from "../../shell/user.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { CameraList } from "../../ui/cameras/CameraList.tsx";
import { CameraScreen } from "../../ui/cameras/CameraScreen.tsx";
import { nextCameraIndex, useCameras } from "../../lib/cameras.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";
import { VideoPatrolResult } from "../../../../generated/states.ts";

const INTERVALS = [10, 30, 60];

export default function VideoPatrolPage() {
  const pageTitle = useRouteTitle();
  const { message } = App.useApp();
  const community = useCurrentCommunity();
  const user = useCurrentUser();
  const { data: cameras = [], isFetching: loading } = useCameras(community?.communityId);
  const [index, setIndex] = useState(0);
  const [touring, setTouring] = useState(false);
  const [interval, setIntervalSeconds] = useState(30);
  const [form] = Form.useForm();
  // Another community starts at its first camera (adjusted while rendering, not in an effect).
  const [shownCommunity, setShownCommunity] = useState(community?.communityId);
  if (community?.communityId !== shownCommunity) {
    setShownCommunity(community?.communityId);
    setIndex(0);
  }
  const camera = cameras[index] ?? null;
  useEffect(() => {
    if (!touring || cameras.length < 2) return;
    const timer = setInterval(() => setIndex((i) => nextCameraIndex(cameras.length, i) ?? 0), interval * 1000);
    return () => clearInterval(timer);
  }, [touring, interval, cameras.length]);

  const { result, query } = useList({
    resource: "videoPatrolRecords",
    pagination: { currentPage: 1, pageSize: 8, mode: "server" },
    sorters: [{ field: "patrolTime", order: "desc" }],
    meta: { communityId: community?.communityId ?? undefined },
    queryOptions: { enabled: !!community?.communityId },
  });
  const { mutateAsync: create, mutation } = useCreate();

  const submit = async (values: { result: number; problem?: string }) => {
    if (!camera || !community?.communityId) return;
    if (values.result === VideoPatrolResult.Abnormal && !values.problem?.trim()) {
      form.setFields([{ name: "problem", errors: ["请描述发现的异常"] }]);
      return;
    }
    const payload = {
      communityId: community.communityId,
      channelName: camera.name,
      deviceSn: camera.serialNo,
      patrolTime: new Date().toISOString(),
      patrollerId: user.userId,
      result: values.result,
      ...(values.problem?.trim() ? { problem: values.problem.trim() } : {}),
    };
    const errors = await payloadErrors("videoPatrolRecords", "create", payload);
    if (errors.length) {
      void message.error(errors[0].message);
      return;
    }
    await create({ resource: "videoPatrolRecords", values: payload, successNotification: false, errorNotification: false }).catch(() => undefined);
    void message.success("巡查记录已保存");
    form.resetFields(["problem"]);
    void query.refetch();
  };

  const columns = useMemo(
    () =>
      ["patrolTime", "channelName", "patrollerId", "result", "problem"].map((name) => {
        const f = records.fields.find((x) => x.name === name)!;
        return { key: name, title: fieldLabel(f), dataIndex: name, render: (v: unknown, row: BaseRecord) => <FieldValue field={f} value={v} row={row} /> };
      }),
    [],
  );

  return (
    <Card title={pageTitle} variant="borderless">
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <CameraList cameras={cameras} loading={loading} selected={index} onSelect={(i) => setIndex(i)} />
        </Col>
        <Col xs={24} md={18}>
          <Space style={{ marginBottom: 12 }} wrap>
            <Button type={touring ? "default" : "primary"} icon={touring ? <PauseCircleOutlined /> : <PlayCircleOutlined />} disabled={cameras.length < 2} onClick={() => setTouring((t) => !t)}>
              {touring ? "暂停轮巡" : "开始轮巡"}
            </Button>
            <Button icon={<StepForwardOutlined />} disabled={cameras.length < 2} onClick={() => setIndex((i) => nextCameraIndex(cameras.length, i) ?? 0)}>
              下一个
            </Button>
            <span>轮巡间隔</span>
            <Select
              value={interval}
              onChange={setIntervalSeconds}
              style={{ width: 100 }}
              options={INTERVALS.map((s) => ({ value: s, label: fillTexts.webPages.seconds({ seconds: s }) }))}
              aria-label="轮巡间隔"
            />
          </Space>
          <CameraScreen camera={camera} />
          <Form form={form} layout="inline" initialValues={{ result: VideoPatrolResult.Normal }} onFinish={submit} style={{ marginTop: 12, rowGap: 8 }}>
            <Form.Item name="result" label="巡查结果">
              <RadioGroupField options={mappingOptions("videoPatrolResult").map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
            <Form.Item name="problem" label="异常描述">
              <Input placeholder="发现异常时填写" maxLength={500} style={{ width: 320 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" disabled={!camera} loading={mutation.isPending}>
                记录巡查
              </Button>
            </Form.Item>
          </Form>
        </Col>
      </Row>
      <Table<BaseRecord>
        style={{ marginTop: 16 }}
        title={() => "最近巡查记录"}
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result?.data ?? []}
        columns={columns}
        pagination={false}
      />
    </Card>
  );
}
