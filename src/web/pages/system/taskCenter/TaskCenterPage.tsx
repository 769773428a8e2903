// 任务中心 (/system/taskcenter): the user's background tasks (imports, exports, bill generation) with
// their progress, polled every 2 s while any of them runs; a finished task's file can be downloaded,
// and an import that rejected rows offers them (下载错误数据: the rows as uploaded, with 错误原因).
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import { Button, Card, Progress, Space, Table, Tag, Typography } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../../../http/query-client.ts";
import { http } from "../../../http/request.ts";
import { operationRoutes } from "../../../../../generated/api-client.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { downloadUrlOf, hasImportErrors, isRunning, progressOf, resultText, shouldPoll, TASK_POLL_MS, taskStateLabel, type BackgroundTask } from "./task-state.ts";
import { chinaDateTime } from "../../../../common/china-time.ts";

type TaskPage = { list: BackgroundTask[]; total: number };

// Times in China time, whatever zone the PC is in.
const when = (iso: string | null | undefined) => (iso ? chinaDateTime(iso) : "-");

export default function TaskCenterPage() {
  const title = useRouteTitle();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  // Polled while something runs; then silent: a failed poll does not pop up messages every 2 s.
  const [polling, setPolling] = useState(false);
  const tasks = useQuery({
    ...queries.listTaskCentre.queryOptions({ query: page }, { silent: polling }),
    select: (answer) => answer as TaskPage,
    refetchInterval: polling ? TASK_POLL_MS : false,
  });
  const data = tasks.data ?? null;
  const running = !!data && shouldPoll(data.list);
  if (running !== polling) setPolling(running);
  // 刷新 shows the table loading, a poll does not.
  const [refreshing, setRefreshing] = useState(false);
  const loading = tasks.isPending || tasks.isPlaceholderData || refreshing;
  const failed = tasks.isError;

  return (
    <Card
      title={title}
      extra={
        <Space>
          {polling && <Typography.Text type="secondary">任务进行中，每2秒自动刷新</Typography.Text>}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setRefreshing(true);
              void tasks.refetch().finally(() => setRefreshing(false));
            }}
          >
            刷新
          </Button>
        </Space>
      }
    >
      {failed && !data && <Typography.Text type="danger">任务列表加载失败，请刷新重试</Typography.Text>}
      <Table<BackgroundTask>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        data-testid="task-centre-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: "任务名称", dataIndex: "name" },
          {
            title: "状态",
            dataIndex: "state",
            width: 100,
            render: (state: string) => {
              const s = taskStateLabel(state);
              return <Tag color={s.color}>{s.label}</Tag>;
            },
          },
          {
            title: "进度",
            width: 200,
            render: (_, task) => (
              <Progress
                aria-label={fillTexts.webPages.taskProgress({ task: task.name ?? "任务" })}
                percent={progressOf(task)}
                size="small"
                status={String(task.state) === "failed" ? "exception" : isRunning(task) ? "active" : undefined}
              />
            ),
          },
          { title: "创建时间", dataIndex: "createdAt", width: 180, render: when },
          { title: "完成时间", dataIndex: "finishedAt", width: 180, render: when },
          {
            title: "结果",
            render: (_, task) => {
              const url = downloadUrlOf(task);
              const text = resultText(task);
              return (
                <Space>
                  {text && <Typography.Text type={String(task.state) === "failed" ? "danger" : undefined}>{text}</Typography.Text>}
                  {url &&
                    (url.startsWith("/") ? (
                      // A file of this server: fetched with the session's headers (a plain link would not be signed in).
                      <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void http.download(url).catch(() => undefined)}>
                        下载
                      </Button>
                    ) : (
                      <Button type="link" size="small" icon={<DownloadOutlined />} href={url} target="_blank" rel="noopener noreferrer">
                        下载
                      </Button>
                    ))}
                  {hasImportErrors(task) && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DownloadOutlined />}
                      onClick={() => void http.download(operationRoutes.downloadImportErrors.path, { taskId: task.id }).catch(() => undefined)}
                    >
                      下载错误数据
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
