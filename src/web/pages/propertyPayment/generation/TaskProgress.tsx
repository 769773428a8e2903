// The progress of a generation task, polled every second until it ends: percent, state, result and
// one line per bill batch.
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Progress, Space, Table, Tag, Typography } from "antd";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { MapTag } from "../shared/labels.tsx";
import { queries } from "../../../http/query-client.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

const STATES: Record<string, { text: string; color: string }> = {
  pending: { text: "排队中", color: "default" },
  active: { text: "生成中", color: "processing" },
  completed: { text: "已完成", color: "success" },
  failed: { text: "失败", color: "error" },
};

const isFinished = (state: string | undefined) => state === "completed" || state === "failed";

export function TaskProgress({ taskId, onFinished }: { taskId: number; onFinished: () => void }) {
  const navigate = useNavigate();
  // Read again every second until the task ends (a failed read is tried again at the next tick).
  const polled = useQuery({
    ...queries.getGenerationTask.queryOptions({ query: { id: taskId } }, { silent: true }),
    refetchInterval: (q) => (isFinished(q.state.data?.state) ? false : 1000),
  });
  const task = polled.data;
  const finished = isFinished(task?.state);
  useEffect(() => {
    if (finished) onFinished();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the task ends, not when the caller's callback changes
  }, [finished]);
  if (!task) return null;
  const state = STATES[task.state] ?? { text: task.state, color: "default" };
  return (
    <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }}>
      <Space>
        <Typography.Text strong>{task.name}</Typography.Text>
        <Tag color={state.color}>{state.text}</Tag>
        <Typography.Text type="secondary">
          {task.done} / {task.total} 户
        </Typography.Text>
      </Space>
      <Progress
        aria-label={fillTexts.payGeneration.progressLabel({ name: task.name })}
        percent={task.progress}
        status={task.state === "failed" ? "exception" : task.state === "completed" ? "success" : "active"}
      />
      {task.result && <Alert type={task.state === "failed" ? "error" : "success"} showIcon message={task.result} />}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={task.batches}
        columns={[
          { title: "批次号", dataIndex: "batchNo" },
          { title: "缴费项目", dataIndex: "itemName" },
          { title: "状态", dataIndex: "status", render: (v: number) => <MapTag mapping="billBatchStatus" value={v} /> },
          { title: "房屋数", dataIndex: "roomCount" },
          { title: "新生成", dataIndex: "billCount" },
          { title: "已存在", dataIndex: "existingCount" },
          { title: "数据不全", dataIndex: "skippedCount" },
          { title: "应收总额(元)", dataIndex: "totalAmount" },
          {
            title: "操作",
            render: (_v, b) => (
              <Button type="link" size="small" onClick={() => navigate(`/propertyPayment/billapproval?batchId=${b.id}`)}>
                去审核
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}
