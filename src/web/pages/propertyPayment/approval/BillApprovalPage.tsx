// 账单审核 /propertyPayment/billapproval: bills by status (drafts first), month, item, batch
// (?batchId= from the generation page) and room; approve or reject (with a reason) one, the
// selected, or a whole batch. A row offers the decisions the server accepts for it
// (common/payment/row-actions.ts: its state and, for a rejection, no money or waiver on it). Each
// bill's decisions (who, when, why) open from its row. Approving first asks the server what it would
// do (previewApproveBills: how many bills, their amount due, how many of them and how much rooms with
// auto-deduct on pay from their prepayment balance) and shows it for 确定 / 取消.
import { useOne } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Form, Input, Select, Space, Typography } from "antd";
import type { TableProps } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentCommunity } from "../../../state/community.ts";
import type { BillView } from "../types.ts";
import { optionsOf } from "../shared/labels.tsx";
import { billColumns } from "../shared/columns.tsx";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { PaymentItemField, PeriodField } from "../shared/queryFields.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { invalidateBillReads } from "../api.ts";
import { DecisionsButton } from "./DecisionsButton.tsx";
import { queries } from "../../../http/query-client.ts";
import type { ApproveBillsBody, ApproveBillsData, PreviewApproveBillsData } from "../../../../../generated/operation-types.ts";
import { accessibleRowSelection } from "../../../generic/rowSelection.tsx";
import { billRowActions } from "../../../../common/payment/row-actions.ts";
import { BillStatus } from "../../../../../generated/states.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

interface Filters {
  status: number;
  period?: Dayjs | null;
  paymentItemId?: number;
  keyword?: string;
}

export default function BillApprovalPage() {
  const { message, modal } = App.useApp();
  const community = useCurrentCommunity();
  const communityId = community?.communityId ?? null;
  const [params, setParams] = useSearchParams();
  const batchId = params.get("batchId") ? Number(params.get("batchId")) : undefined;
  // The batch by its number (批次号), as the generation page lists it.
  const batch = useOne<{ batchNo: string }>({ resource: "billBatches", id: batchId, queryOptions: { enabled: batchId !== undefined }, meta: { silent: true } });
  const [filters, setFilters] = useState<Filters>({ status: BillStatus.Draft });
  const { page, firstPage, table } = usePaging(20);
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [form] = Form.useForm<Filters>();
  const list = useQuery({
    ...queries.queryBills.queryOptions({
      body: {
        communityId: communityId ?? "",
        status: [filters.status],
        period: filters.period ? filters.period.format("YYYY-MM") : undefined,
        paymentItemId: filters.paymentItemId,
        keyword: filters.keyword,
        batchId,
        ...page,
      },
    }),
    enabled: !!communityId,
  });
  const client = useQueryClient();
  const decided = (r: ApproveBillsData, done: string) => {
    const deducted = r.deducted ? fillTexts.payApproval.deducted({ count: r.deducted, amount: r.deductedAmount ?? "0.00" }) : "";
    void message.success(fillTexts.payApproval.decided({ done, changed: r.changed, deducted, skipped: r.skipped ? fillTexts.payApproval.skipped({ count: r.skipped }) : "" }));
    return invalidateBillReads(client);
  };
  // Errors are shown by the request wrapper; the rejection's dialog stays open on one, the approval's
  // confirmation closes (its onOk settles either way, so nothing is left unhandled).
  const approval = useMutation({ ...queries.approveBills.mutationOptions(), onSuccess: (r) => decided(r, "已审核通过") });
  const [previewing, setPreviewing] = useState<string | null>(null);
  /**
   * Approving (one bill, the selected, a whole batch): the server's preview first, then a
   * confirmation saying what 确定 does; only 确定 approves. A refused preview or approval was shown
   * by the request wrapper: caught here, never left unhandled.
   */
  const confirmApproval = async (body: ApproveBillsBody, source: string) => {
    let preview: PreviewApproveBillsData;
    setPreviewing(source);
    try {
      // Always read afresh (nothing is kept fresh): the bills may have changed since the last preview.
      preview = await client.fetchQuery({ ...queries.previewApproveBills.queryOptions({ body }), staleTime: 0 });
    } catch {
      return;
    } finally {
      setPreviewing(null);
    }
    if (!preview.count) {
      void message.warning(fillTexts.payApproval.nothingToApprove({ skipped: preview.skipped ? fillTexts.payApproval.nothingSkipped({ count: preview.skipped }) : "" }));
      return;
    }
    modal.confirm({
      title: "确认审核通过",
      content: (
        <div data-testid="approval-preview">
          <div>
            将审核通过 {preview.count} 张账单，应收合计 {preview.amountDue} 元。
          </div>
          <div>{preview.deducted ? fillTexts.payApproval.previewDeducted({ count: preview.deducted, amount: preview.deductedAmount }) : "没有账单从预存款余额自动抵扣。"}</div>
          {preview.skipped > 0 && <div>另有 {preview.skipped} 张状态不符，将跳过。</div>}
        </div>
      ),
      okText: "确定",
      cancelText: "取消",
      onOk: () =>
        approval.mutateAsync({ body }).then(
          () => undefined,
          () => undefined,
        ),
    });
  };
  const rejection = useMutation({
    ...queries.rejectBills.mutationOptions(),
    onSuccess: (r) => {
      setRejecting(null);
      return decided(r, "已驳回");
    },
  });
  // A new list clears the selection (adjusted while rendering, not in an effect).
  const [listShown, setListShown] = useState(list.data);
  if (listShown !== list.data) {
    setListShown(list.data);
    setSelected([]);
  }

  const title = useRouteTitle();
  if (!communityId) return <NeedCommunity title={title} />;

  const reject = (reason: string) => rejection.mutateAsync({ body: { ids: rejecting ?? [], reason } });

  const columns: TableProps<BillView>["columns"] = [
    ...billColumns("billNo", "roomLabel", "itemName", "period"),
    { title: "应收金额(元)", dataIndex: "amountDue", align: "right" },
    { title: "缴费截止日", dataIndex: "dueDate" },
    ...billColumns("status", "rejectReason"),
    {
      title: "操作",
      fixed: "right",
      render: (_v, b) => (
        <Space size={4}>
          {billRowActions(b).map((a) => (
            <Button
              key={a.name}
              type="link"
              size="small"
              danger={a.danger}
              loading={a.name === "approve" && previewing === `row:${b.id}`}
              onClick={() => (a.name === "approve" ? void confirmApproval({ ids: [b.id] }, `row:${b.id}`) : setRejecting([b.id]))}
            >
              {a.label}
            </Button>
          ))}
          <DecisionsButton billId={b.id} batchId={b.batchId} />
        </Space>
      ),
    },
  ];

  return (
    <Card title={title} variant="borderless">
      <QueryBar
        form={form}
        initialValues={{ status: BillStatus.Draft }}
        onSearch={(v) => {
          setFilters({ ...v, keyword: v.keyword?.trim() || undefined });
          firstPage();
        }}
      >
        <Form.Item name="status" label="状态">
          <Select style={{ width: 120 }} options={optionsOf("billStatus", [BillStatus.Draft, BillStatus.Approved, BillStatus.Rejected])} />
        </Form.Item>
        <PeriodField />
        <PaymentItemField communityId={communityId} />
        <Form.Item name="keyword">
          <Input.Search allowClear placeholder="房号 / 账单编号" onSearch={() => form.submit()} style={{ width: 200 }} />
        </Form.Item>
      </QueryBar>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" disabled={!selected.length} loading={previewing === "selected"} onClick={() => void confirmApproval({ ids: selected }, "selected")}>
          批量通过
        </Button>
        <Button danger disabled={!selected.length} onClick={() => setRejecting(selected)}>
          批量驳回
        </Button>
        {batchId && (
          <>
            <Button loading={previewing === "batch"} onClick={() => void confirmApproval({ batchId }, "batch")}>
              整批通过
            </Button>
            <Typography.Text type="secondary">
              批次 {batch.result?.batchNo ?? batchId}
              <Button type="link" size="small" onClick={() => setParams({}, { replace: true })}>
                清除
              </Button>
            </Typography.Text>
          </>
        )}
        {selected.length > 0 && <Typography.Text type="secondary">已选择 {selected.length} 张</Typography.Text>}
      </Space>
      <DataTable<BillView>
        label={title}
        {...table({ data: list.data, loading: list.isFetching }, { unit: "张", sizeChanger: true })}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), ...accessibleRowSelection(["billNo", "itemName"]) }}
      />
      <ReasonDialog open={!!rejecting} title={fillTexts.payApproval.rejectTitle({ count: rejecting?.length ?? 0 })} onCancel={() => setRejecting(null)} onOk={reject} />
    </Card>
  );
}
