// 核酸小屋 (/system/nucleinCompartment, HBL03015): the page the menu opens in a new window — the
// current community's nucleic-acid cabin settings, kept with its health-code configuration
// (GET / POST {system}/communities/{id}/actions/getXiChengHealthCodeConfig / setXiChengHealthCodeConfig):
// cabin name, opening hours, the testing platform's address and whether the gate checks the
// health code. Saving needs the community administration code (HBL01001).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, Spin, Switch } from "antd";
import { useEffect } from "react";
import { queries } from "../../http/query-client.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { getAuthorities } from "../../state/session.ts";
import { withScene } from "../../state/scene.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";

interface CabinConfig {
  cabinName?: string;
  openTime?: string;
  platformUrl?: string;
  healthCodeCheck?: boolean;
}

export default function NucleinCompartmentPage() {
  const pageTitle = useRouteTitle();
  const { message } = App.useApp();
  const community = useCurrentCommunity();
  const id = community?.communityId;
  const canEdit = (getAuthorities() ?? []).includes("HBL01001");
  const [form] = Form.useForm<CabinConfig>();
  const input = { params: { id: Number(id) } };
  const config = useQuery({ ...queries.getXiChengHealthCodeConfig.queryOptions(input), enabled: !!id });
  // The configuration document's keys are this page's own (the operation declares only communityId).
  const data = config.data as (CabinConfig & { communityId: number }) | undefined;
  const client = useQueryClient();
  // Errors are shown by the request wrapper; a saved configuration is read again.
  const save = useMutation({
    ...queries.setXiChengHealthCodeConfigById.mutationOptions(),
    onSuccess: () => {
      void message.success("保存成功");
      return client.invalidateQueries({ queryKey: queries.getXiChengHealthCodeConfig.key });
    },
  });
  useEffect(() => {
    if (data) form.setFieldsValue({ cabinName: data.cabinName ?? "", openTime: data.openTime ?? "", platformUrl: data.platformUrl ?? "", healthCodeCheck: !!data.healthCodeCheck });
  }, [data, form]);

  return (
    <Card title={`${pageTitle}${community?.communityName ? ` · ${community.communityName}` : ""}`} variant="borderless">
      {!id && <Alert type="info" showIcon message={withScene("请先选择{scene}")} />}
      {id && !canEdit && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={withScene("修改设置需要{scene}信息的管理权限")} />}
      <Spin spinning={config.isFetching}>
        {id && (
          <Form form={form} layout="horizontal" labelCol={{ flex: "140px" }} style={{ maxWidth: 640 }} onFinish={(v) => save.mutate({ ...input, body: { ...v } })} disabled={!canEdit}>
            <Form.Item name="cabinName" label="核酸小屋名称" rules={[{ max: 32, message: "名称不能超过32个字符" }]}>
              <Input placeholder="如 东门核酸采样点" />
            </Form.Item>
            <Form.Item name="openTime" label="开放时间" rules={[{ max: 32, message: "开放时间不能超过32个字符" }]}>
              <Input placeholder="如 08:00-20:00" />
            </Form.Item>
            <Form.Item name="platformUrl" label="检测平台地址" rules={[{ type: "url", message: "请输入正确的网址" }]}>
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item name="healthCodeCheck" label="出入口核验健康码" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item style={{ marginLeft: 140 }}>
              <Button type="primary" htmlType="submit">
                保存
              </Button>
            </Form.Item>
          </Form>
        )}
      </Spin>
    </Card>
  );
}
