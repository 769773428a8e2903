// The bodies of the workbench modules (src/common/workbench-modules.ts), each loading its own card
// data for the current community. A card that fails says 数据加载失败，请刷新重试 with a 刷新 link
// (card-body.tsx). 收费概况 lives in fee-overview.tsx.
import { Button, Col, Empty, List, Row, Statistic, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { routes } from "../../../../generated/routes.ts";
import { mappingColor, mappingLabel } from "../../../common/mappings.ts";
import { withScene } from "../../state/scene.ts";
import { useCardQuery } from "./card-state.ts";
import { workbenchQueries } from "./queries.ts";
import { CardBody, type ModuleProps } from "./card-body.tsx";
import { FeeOverview } from "./fee-overview.tsx";
import { Donut } from "../../ui/charts/Donut.tsx";
import { asData } from "../../ui/charts/parts.tsx";
import { XYChart } from "../../ui/charts/XYChart.tsx";
import { chinaDateTime } from "../../../common/china-time.ts";

/** MM-DD HH:mm in China time, whatever zone the PC is in. */
const time = (iso: string | null | undefined) => (iso ? chinaDateTime(iso).slice(5, 16) : "");
const dayLabel = (date: string) => date.slice(5).replace("-", "/");

function CommunityProfile({ communityId }: ModuleProps) {
  const state = useCardQuery(workbenchQueries.communityStatistics(communityId));
  return (
    <CardBody state={state}>
      {(d) => (
        <>
          <Typography.Text type="secondary">{d.address || d.communityName}</Typography.Text>
          <Row gutter={16} style={{ marginTop: 12 }} data-testid="community-profile-stats">
            {[
              ["楼栋", d.buildingCount],
              ["单元", d.unitCount],
              ["房屋", d.roomCount],
              ["已入住房屋", d.occupiedRoomCount],
              ["住户", d.inhabitantCount],
            ].map(([label, value]) => (
              <Col key={label} flex="1 1 0">
                <Statistic title={label} value={value as number} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </CardBody>
  );
}

function AgencyMatters({ communityId, authorities }: ModuleProps) {
  const canAudit = authorities.includes("HBL07001");
  const canRepair = authorities.includes("HBL07011");
  const navigate = useNavigate();
  const audits = useCardQuery(workbenchQueries.roomAudits(communityId), canAudit);
  const repairs = useCardQuery(workbenchQueries.repairs(communityId), canRepair);
  return (
    <Row gutter={16}>
      {canAudit && (
        <Col span={canRepair ? 12 : 24}>
          <CardBody state={audits}>
            {(d) => (
              <>
                <Button type="link" style={{ padding: 0 }} onClick={() => navigate("/property/roomAudit")}>
                  待审核入住申请{" "}
                  <Tag color="warning" style={{ marginLeft: 6 }}>
                    {d.pendingCount}
                  </Tag>
                </Button>
                <List
                  size="small"
                  dataSource={d.list}
                  locale={{ emptyText: "暂无待审核申请" }}
                  renderItem={(a) => (
                    <List.Item>
                      <span>{a.applicantName}</span>
                      <Typography.Text type="secondary">
                        {a.roomName} · {time(a.applyTime)}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              </>
            )}
          </CardBody>
        </Col>
      )}
      {canRepair && (
        <Col span={canAudit ? 12 : 24}>
          <CardBody state={repairs}>
            {(d) => (
              <>
                <Button type="link" style={{ padding: 0 }} onClick={() => navigate("/property/reportRepair")}>
                  待处理报修{" "}
                  <Tag color="warning" style={{ marginLeft: 6 }}>
                    {d.pendingCount}
                  </Tag>
                  处理中{" "}
                  <Tag color="processing" style={{ marginLeft: 6 }}>
                    {d.processingCount ?? 0}
                  </Tag>
                </Button>
                <List
                  size="small"
                  dataSource={d.list}
                  locale={{ emptyText: "暂无未完成的报修" }}
                  renderItem={(r) => (
                    <List.Item>
                      <Typography.Text ellipsis style={{ maxWidth: "60%" }}>
                        {r.content}
                      </Typography.Text>
                      <Tag color={mappingColor("repairStatus", r.status)}>{mappingLabel("repairStatus", r.status)}</Tag>
                    </List.Item>
                  )}
                />
              </>
            )}
          </CardBody>
        </Col>
      )}
    </Row>
  );
}

function Announcement({ communityId }: ModuleProps) {
  const state = useCardQuery(workbenchQueries.notices(communityId));
  const navigate = useNavigate();
  return (
    <CardBody state={state}>
      {(d) => (
        <List
          size="small"
          dataSource={d.list}
          locale={{ emptyText: "暂无公告" }}
          header={<Typography.Text type="secondary">已发布 {d.publishedCount} 条</Typography.Text>}
          renderItem={(n) => (
            <List.Item style={{ cursor: "pointer" }} onClick={() => navigate("/property/noticeCenter")}>
              <span>
                {n.pinned && <Tag color="red">置顶</Tag>}
                <Tag>{mappingLabel("noticeType", n.noticeType)}</Tag>
                {n.title}
              </span>
              <Typography.Text type="secondary">{time(n.publishTime)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </CardBody>
  );
}

function Housing({ communityId }: ModuleProps) {
  const state = useCardQuery(workbenchQueries.roomStatistics(communityId));
  return (
    <CardBody state={state}>
      {(d) => (
        <>
          <Typography.Text type="secondary">
            共 {d.total} 套，已入住 {d.occupied} 套，空置 {d.vacant} 套
          </Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Donut title="房屋状态" size={132} legendBeside ringWhenEmpty data={asData(d.byStatus)} />
          </div>
        </>
      )}
    </CardBody>
  );
}

function Household({ communityId }: ModuleProps) {
  const state = useCardQuery(workbenchQueries.residentStatistics(communityId));
  return (
    <CardBody state={state}>
      {(d) => (
        <>
          <Typography.Text type="secondary" data-testid="household-total">
            住户 {d.total} 人，本月新增 {d.newThisMonth} 人
          </Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Donut title="住户身份" size={132} legendBeside ringWhenEmpty data={asData(d.byIdentity)} />
          </div>
        </>
      )}
    </CardBody>
  );
}

function OpenDoor({ communityId }: ModuleProps) {
  const state = useCardQuery(workbenchQueries.openDoorStatistics(communityId));
  return (
    <CardBody state={state}>
      {(d) => (
        <>
          <Typography.Text type="secondary">
            今日 {d.today} 次，近7天 {d.total} 次，失败 {d.failed} 次
          </Typography.Text>
          <XYChart
            title="近7天开门次数"
            width={360}
            height={160}
            left={{ integer: true }}
            labels={d.days.map((x) => x.date)}
            xLabel={dayLabel}
            series={[{ name: "开门次数", values: d.days.map((x) => x.count) }]}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.byMethod
              .filter((m) => m.count > 0)
              .map((m) => `${m.label} ${m.count}`)
              .join("　") || "近7天暂无开门记录"}
          </Typography.Text>
        </>
      )}
    </CardBody>
  );
}

function VehicleFlow({ communityId }: ModuleProps) {
  const state = useCardQuery(workbenchQueries.vehicleStatistics(communityId));
  return (
    <CardBody state={state}>
      {(d) => (
        <>
          <Typography.Text type="secondary">
            今日入场 {d.todayIn} 次，出场 {d.todayOut} 次，登记车辆 {d.plateCount} 辆
          </Typography.Text>
          <XYChart
            title="近7天车辆进出"
            width={360}
            height={160}
            left={{ integer: true }}
            labels={d.days.map((x) => x.date)}
            xLabel={dayLabel}
            series={[
              { name: "入场", color: "#52c41a", values: d.days.map((x) => x.in) },
              { name: "出场", color: "#1677ff", values: d.days.map((x) => x.out) },
            ]}
          />
        </>
      )}
    </CardBody>
  );
}

/** Pages offered as shortcuts, in this order, when the user holds their code. */
const SHORTCUTS = [
  "/community/house",
  "/community/people",
  "/property/roomAudit",
  "/property/reportRepair",
  "/property/noticeCenter",
  "/propertyPayment/cashier",
  "/propertyPayment/billgeneration",
  "/intercom/logsearch",
  "/intergate/event",
  "/videoCloud/videoPatrol",
  "/intelligence/smartRoom",
  "/system/user",
];

function CommonFunctions({ authorities }: ModuleProps) {
  const navigate = useNavigate();
  const items = SHORTCUTS.map((path) => routes.find((r) => r.path === path)).filter((r): r is (typeof routes)[number] => {
    if (!r) return false;
    const code = r.code ?? r.authority;
    return !code || authorities.includes(code);
  });
  if (!items.length) return <Empty description="暂无可用的常用功能" />;
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
      {items.map((r) => (
        <Button key={r.path} onClick={() => navigate(r.path)}>
          {withScene(r.title)}
        </Button>
      ))}
    </div>
  );
}

export const moduleBodies: Record<string, (props: ModuleProps) => ReactNode> = {
  communityProfile: (p) => <CommunityProfile {...p} />,
  feeOverview: (p) => <FeeOverview {...p} />,
  agencyMatters: (p) => <AgencyMatters {...p} />,
  announcement: (p) => <Announcement {...p} />,
  housing: (p) => <Housing {...p} />,
  household: (p) => <Household {...p} />,
  openDoor: (p) => <OpenDoor {...p} />,
  vehicleFlow: (p) => <VehicleFlow {...p} />,
  commonFunctions: (p) => <CommonFunctions {...p} />,
};
