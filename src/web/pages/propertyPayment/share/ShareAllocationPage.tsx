// 公摊分摊 /propertyPayment/shareAllocation: a shared amount split among a building's, unit's or the
// community's rooms (ShareForm.tsx), previewed as a sheet whose shares add up to the total, then
// allocated: the sheet is stored and 草稿 bills are made for 账单审核. Below, the sheets made, each
// printable.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Descriptions, Form, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { queries } from "../../../http/query-client.ts";
import { ResourceDialogTable } from "../../../generic/table/ResourceDialogTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { invalidateBillReads } from "../api.ts";
import { useBatchesWritten } from "../shared/queries.ts";
import { ShareForm, shareBody, type ShareValues } from "./ShareForm.tsx";
import { basisColumn, ShareSheet } from "./ShareSheet.tsx";
import { keys } from "@refinedev/core";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export default function ShareAllocationPage() {
  const community = useCurrentCommunity();
  const title = useRouteTitle();
  if (!community?.communityId) return <NeedCommunity title={title} />;
  return <ShareAllocation key={community.communityId} communityId={Number(community.communityId)} title={title} />;
}

function ShareAllocation({ communityId, title }: { communityId: number; title: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const batchesWritten = useBatchesWritten();
  const [form] = Form.useForm<ShareValues>();
  const [asked, setAsked] = useState<ShareValues | null>(null);
  // Errors are shown by the request wrapper.
  const preview = useMutation(queries.previewShareAllocation.mutationOptions());
  const allocate = useMutation({
    ...queries.allocateShare.mutationOptions(),
    onSuccess: (made) => {
      void message.success(fillTexts.share.allocated({ sheetNo: made.sheetNo, billCount: made.billCount }));
      preview.reset();
      setAsked(null);
      void invalidateBillReads(client);
      void batchesWritten();
      void client.invalidateQueries({ queryKey: keys().data("default").resource("shareAllocations").get() });
    },
  });
  const runPreview = async () => {
    const v = await form.validateFields();
    setAsked(v);
    preview.mutate({ body: shareBody(communityId, v) });
  };
  const sheet = preview.data;
  return (
    <Card title={title} variant="borderless">
      <ShareForm communityId={communityId} form={form} onChanged={() => (preview.reset(), setAsked(null))} />
      <Space style={{ marginLeft: 110, marginBottom: 16 }}>
        <Button type="primary" onClick={() => void runPreview()} loading={preview.isPending}>
          预览分摊
        </Button>
      </Space>
      {sheet && asked && (
        <Card size="small" title="分摊预览" style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: "scope", label: "分摊范围", children: sheet.scopeName },
              { key: "total", label: "公摊总额", children: <span data-testid="share-total">{sheet.totalAmount}</span> },
              { key: "rooms", label: "分摊户数", children: sheet.roomCount },
            ]}
          />
          <ShareSheet lines={sheet.lines} basisTotal={sheet.basisTotal} totalAmount={sheet.totalAmount} basisLabel={basisColumn(asked.basis)} />
          <Popconfirm
            title={fillTexts.share.allocateConfirm({ count: sheet.lines.filter((l) => l.amount !== "0.00").length })}
            okText="确认分摊"
            cancelText="取消"
            onConfirm={() => allocate.mutate({ body: shareBody(communityId, asked) })}
          >
            <Button type="primary" loading={allocate.isPending} style={{ marginTop: 12 }}>
              确认分摊
            </Button>
          </Popconfirm>
        </Card>
      )}
      <Typography.Title level={5}>分摊记录</Typography.Title>
      <ResourceDialogTable
        resource="shareAllocations"
        communityId={communityId}
        cells={{
          sheetNo: (v, row) => (
            <Button type="link" size="small" onClick={() => navigate(`/propertyPayment/shareAllocation/print/${row.id}`)}>
              {String(v)}
            </Button>
          ),
        }}
      />
    </Card>
  );
}
