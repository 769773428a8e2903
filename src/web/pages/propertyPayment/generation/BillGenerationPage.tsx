// 账单生成 /propertyPayment/billgeneration: the generation form and its task's progress, the
// community's bill batches, and the meter readings that metered items are priced from.
import { Button, Card, Tabs } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentCommunity } from "../../../state/community.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { ResourceDialogTable } from "../../../generic/table/ResourceDialogTable.tsx";
import { GenerateForm } from "./GenerateForm.tsx";
import { TaskProgress } from "./TaskProgress.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useBatchesWritten } from "../shared/queries.ts";

export default function BillGenerationPage() {
  const community = useCurrentCommunity();
  const navigate = useNavigate();
  const [taskId, setTaskId] = useState<number | null>(null);
  const batchesWritten = useBatchesWritten();
  const title = useRouteTitle();
  if (!community?.communityId) return <NeedCommunity title={title} />;
  const communityId = Number(community.communityId);
  return (
    <Card title={title} variant="borderless" extra={<Button onClick={() => navigate("/system/taskcenter")}>任务中心</Button>}>
      <GenerateForm key={communityId} communityId={communityId} onStarted={setTaskId} />
      {taskId && <TaskProgress key={taskId} taskId={taskId} onFinished={() => void batchesWritten()} />}
      <Tabs
        items={[
          {
            key: "batches",
            label: "生成批次",
            children: (
              <ResourceDialogTable
                key={communityId}
                resource="billBatches"
                communityId={communityId}
                cells={{
                  batchNo: (v, row) => (
                    <Button type="link" size="small" onClick={() => navigate(`/propertyPayment/billapproval?batchId=${row.id}`)}>
                      {String(v)}
                    </Button>
                  ),
                }}
              />
            ),
          },
          { key: "meter", label: "抄表录入", children: <ResourceDialogTable key={`m${communityId}`} resource="meterReadings" communityId={communityId} /> },
        ]}
      />
    </Card>
  );
}
