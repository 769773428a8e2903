// 催缴通知 /propertyPayment/dunningNotices: generate notices for the current community, some of its
// buildings or chosen rooms with a template (a background task: its progress shows here and in the
// task centre), then the list of notices (history per room by the room filter), each with its A4
// print view and, when it was published to the room's residents, its notice; the Excel export of the list.
// Publishing needs the notice centre's code, so only its holders are offered 同时发布给住户, and, for
// notices generated without it, 发布 on a row and 批量发布 for the chosen rows (after a confirmation;
// those already published are skipped). The chosen rows print together: 批量打印, one letter a page.
import { DownloadOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Checkbox, Form, Input, Modal, Progress, Select, Space, Tag } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { apiBase, downloadFile, startExport, waitForTask } from "../../../generic/excel/excel-task.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { houseQueries } from "../api.ts";
import { useDunningWritten } from "../shared/queries.ts";
import type { DunningNoticeRow } from "../types.ts";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { accessibleRowSelection } from "../../../generic/rowSelection.tsx";
import { filtersOf, useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { queries } from "../../../http/query-client.ts";
import { hasAuthority } from "../shared/authority.ts";
import notices from "../../../../../generated/resource-defs/notices.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { texts } from "../../../../../generated/texts.ts";
import { dateTime } from "../shared/columns.tsx";

const isRunning = (state: string | undefined) => state === "pending" || state === "active";

/** At most this many letters print at once (read in one call, printDunningNotices). */
const MAX_BATCH_PRINT = 500;

interface GenerateValues {
  buildingIds?: number[];
  roomIds?: number[];
  title: string;
  template: string;
  publish?: boolean;
}

function GenerateDialog({ communityId, open, onClose, onStarted }: { communityId: number; open: boolean; onClose: () => void; onStarted: (taskId: number) => void }) {
  const [form] = Form.useForm<GenerateValues>();
  const client = useQueryClient();
  // Read each time the dialog opens (the cached answer shows at once).
  const buildings = useQuery({ ...houseQueries.buildings(communityId), enabled: open });
  const defaults = useQuery({ ...queries.getDunningTemplate.queryOptions(), enabled: open });
  const generate = useMutation(queries.generateDunningNotices.mutationOptions());
  const [rooms, setRooms] = useState<{ value: number; label: string }[]>([]);
  // The dialog's form is new at each opening: the template fills it when it opens and when it is read.
  useEffect(() => {
    if (open && defaults.data) form.setFieldsValue({ title: defaults.data.title, template: defaults.data.template });
  }, [open, defaults.data, defaults.dataUpdatedAt, form]);
  const searchRooms = async (keyword: string) => {
    const page = await client.fetchQuery(houseQueries.search(communityId, keyword));
    setRooms(page.list.map((r) => ({ value: r.id, label: r.roomName })));
  };
  return (
    <Modal
      title="生成催缴通知"
      open={open}
      width={640}
      okText="生成"
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        const started = await generate.mutateAsync({ body: { communityId, ...v } });
        onStarted(started.taskId);
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="buildingIds" label="楼栋" extra="不选楼栋和房屋时，为整个社区的欠费房屋生成">
          <Select mode="multiple" allowClear options={(buildings.data ?? []).map((b) => ({ value: b.id, label: b.name }))} />
        </Form.Item>
        <Form.Item name="roomIds" label="房屋">
          <Select mode="multiple" allowClear showSearch filterOption={false} onSearch={searchRooms} options={rooms} placeholder="输入房号搜索" />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: "请输入标题" }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="template"
          label="催缴内容模板"
          extra="可用占位符：{owner} 业主姓名、{room} 房屋、{date} 日期、{count} 欠费笔数、{amount} 欠费金额、{period} 最早欠费账期"
          rules={[{ required: true, message: "请输入催缴内容" }]}
        >
          <Input.TextArea rows={5} maxLength={1000} showCount />
        </Form.Item>
        {hasAuthority(notices.code) && (
          <Form.Item name="publish" valuePropName="checked" extra="每份催缴通知同时发布为通知公告，列出欠费明细，仅该房屋的住户可见">
            <Checkbox>同时发布给住户</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export default function DunningNoticesPage() {
  const title = useRouteTitle();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const community = useCurrentCommunity();
  const communityId = community?.communityId ? Number(community.communityId) : null;
  const [filters, setFilters] = useState<{ keyword?: string }>({});
  const [generating, setGenerating] = useState(false);
  const [taskId, setTaskId] = useState<number | null>(null);
  const { page, firstPage, table } = usePaging(20);
  const list = useResourcePage<DunningNoticeRow>("dunningNotices", communityId ? { communityId, ...filters } : null, page);
  // The generation task, read again every 800 ms while it runs (until a read fails).
  const task = useQuery({
    ...queries.getDunningTask.queryOptions({ query: { id: taskId ?? 0 } }, { silent: true }),
    enabled: !!taskId,
    refetchInterval: (q) => (q.state.status === "success" && isRunning(q.state.data?.state) ? 800 : false),
  });
  const running = task.data && isRunning(task.data.state);
  const [selected, setSelected] = useState<DunningNoticeRow[]>([]);
  // 选择全部: every notice of the filters, on every page (up to MAX_BATCH_PRINT), read when asked.
  const client = useQueryClient();
  const dataProvider = useDataProvider();
  const selectAll = useMutation({
    mutationFn: () =>
      client.fetchQuery({
        queryKey: ["dunningNotices", "selectAll", communityId, filters],
        queryFn: () =>
          dataProvider().getList<DunningNoticeRow>({
            resource: "dunningNotices",
            pagination: { currentPage: 1, pageSize: MAX_BATCH_PRINT, mode: "server" },
            filters: filtersOf({ communityId, ...filters }),
            meta: { communityId },
          }),
        staleTime: 0,
      }),
    onSuccess: (page) => setSelected(page.data),
  });
  const total = list.data?.total ?? 0;
  const mayPublish = hasAuthority(notices.code);
  const dunningWritten = useDunningWritten();
  // Published or refused (some perhaps published meanwhile), the list shows the notices as they are.
  const publish = useMutation({ ...queries.publishDunningNotices.mutationOptions(), onSettled: () => void dunningWritten() });
  // 发布 after a confirmation; the answer says how many were published and skipped.
  const publishRows = (rows: DunningNoticeRow[]) => {
    const open = rows.filter((r) => !r.publishedNoticeId).length;
    modal.confirm({
      title: rows.length > 1 ? "批量发布催缴通知" : "发布催缴通知",
      content: rows.length > 1 ? fillTexts.payDunning.publishSelected({ count: rows.length, open }) : "确定将该催缴通知发布给住户吗？发布后该房屋的住户可在通知公告中看到。",
      okText: "发布",
      cancelText: "取消",
      onOk: async () => {
        try {
          const r = await publish.mutateAsync({ body: { ids: rows.map((x) => x.id) } });
          void message.success(r.skipped ? fillTexts.payDunning.publishedSkipped({ published: r.published, skipped: r.skipped }) : fillTexts.payDunning.published({ published: r.published }));
          setSelected([]);
        } catch {
          // Refused: the request wrapper has shown the server's message.
        }
      },
    });
  };
  useEffect(() => {
    if (!taskId || !task.data || running) return;
    if (task.data.state === "completed") {
      message.success(fillTexts.payDunning.generated({ count: Number((task.data.result as { notices?: number } | null)?.notices ?? 0) }));
      void dunningWritten();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task.data]);
  if (!communityId) return <NeedCommunity title={title} />;

  // The generic list export (a background task, then the file).
  const exportList = async () => {
    const base = apiBase("property", "dunningNotices");
    const { taskId: id } = await startExport(base, { communityId, ...filters });
    const done = await waitForTask(base, id);
    if (done.state === "completed") await downloadFile(`${base}/actions/file?taskId=${id}`);
    else message.error(done.result || texts.webExcel.exportFailed);
  };
  return (
    <Card
      title={title}
      variant="borderless"
      extra={[
        <Button key="gen" type="primary" onClick={() => setGenerating(true)}>
          生成催缴通知
        </Button>,
        <Button key="export" icon={<DownloadOutlined />} onClick={exportList} style={{ marginLeft: 8 }}>
          导出Excel
        </Button>,
      ]}
    >
      {task.data && (
        <Progress
          percent={task.data.total ? Math.round((task.data.done / task.data.total) * 100) : 0}
          status={task.data.state === "failed" ? "exception" : running ? "active" : "success"}
          style={{ marginBottom: 16 }}
        />
      )}
      <QueryBar<{ keyword?: string }>
        onSearch={(v) => {
          setFilters(v);
          firstPage();
        }}
      >
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="通知编号" style={{ width: 200 }} />
        </Form.Item>
      </QueryBar>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button disabled={!selected.length || selected.length > MAX_BATCH_PRINT} onClick={() => navigate(`/propertyPayment/dunningNotices/print?ids=${selected.map((r) => r.id).join(",")}`)}>
          批量打印{selected.length ? fillTexts.payDunning.printCount({ count: selected.length }) : ""}
        </Button>
        {mayPublish && (
          <Button disabled={!selected.some((r) => !r.publishedNoticeId)} onClick={() => publishRows(selected)}>
            批量发布
          </Button>
        )}
        {total > selected.length && (
          <Button loading={selectAll.isPending} onClick={() => selectAll.mutate()}>
            {fillTexts.payDunning.selectAll({ count: Math.min(total, MAX_BATCH_PRINT) })}
          </Button>
        )}
        {selected.length > 0 && <Button onClick={() => setSelected([])}>清除选择</Button>}
        {(selected.length > MAX_BATCH_PRINT || total > MAX_BATCH_PRINT) && <span>{fillTexts.payDunning.printLimit({ max: MAX_BATCH_PRINT })}</span>}
      </Space>
      <DataTable<DunningNoticeRow>
        label={title}
        {...table(list, { unit: "份" })}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
          ...accessibleRowSelection(["noticeNo"]),
        }}
        columns={[
          { title: "通知编号", dataIndex: "noticeNo" },
          { title: "房屋", dataIndex: "roomIdLabel", render: (v: string | undefined, r) => v ?? r.roomId },
          { title: "欠费金额(元)", dataIndex: "amountOwed", align: "right" },
          { title: "欠费账单数", dataIndex: "billCount", align: "right" },
          { title: "最早欠费账期", dataIndex: "oldestPeriod" },
          { title: "生成时间", dataIndex: "issuedAt", render: (v: string) => dateTime(v) },
          {
            title: "住户通知",
            dataIndex: "publishedNoticeId",
            render: (v: number | null | undefined) =>
              v ? (
                <>
                  <Tag color="success">已发布</Tag>
                  {hasAuthority(notices.code) && (
                    <Button type="link" size="small" onClick={() => navigate(`/property/noticeCenter/show/${v}`)}>
                      查看通知
                    </Button>
                  )}
                </>
              ) : (
                <Tag>未发布</Tag>
              ),
          },
          {
            title: "操作",
            render: (_v, r) => (
              <>
                <Button type="link" size="small" onClick={() => navigate(`/propertyPayment/dunningNotice/${r.id}`)}>
                  打印
                </Button>
                {mayPublish && !r.publishedNoticeId && (
                  <Button type="link" size="small" onClick={() => publishRows([r])}>
                    发布
                  </Button>
                )}
              </>
            ),
          },
        ]}
      />
      <GenerateDialog
        communityId={communityId}
        open={generating}
        onClose={() => setGenerating(false)}
        onStarted={(id) => {
          setGenerating(false);
          setTaskId(id);
        }}
      />
    </Card>
  );
}
