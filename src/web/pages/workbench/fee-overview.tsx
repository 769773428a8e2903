// 收费概况 (workbench module feeOverview, the money desk): the current community's 本月应收, 本月实收,
// 收缴率 and 欠费总额 (GET {property}/bills/actions/workBenchGetFeeOverview, HBL0701309; the figures
// and their rules are the server's, src/server/workbench/fee-overview.ts), then the approvals
// waiting — 退款审核, 减免审核, 押金退还审核 — each a link to its list, shown only to a user holding
// that list's code. Read through react-query; a failing card offers 刷新 like the others.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { useQuery } from "@tanstack/react-query";
import { Button, Col, Row, Space, Statistic, Tag, Typography } from "antd";
import { useNavigate } from "react-router";
import type { GetWorkbenchFeeOverviewData } from "../../../../generated/operation-types.ts";
import { DepositStatus } from "../../../../generated/states.ts";
import { mayOpenRoute } from "../../lib/route-access.ts";
import { queries } from "../../http/query-client.ts";
import { CardBody, type ModuleProps } from "./card-body.tsx";
import { cardState } from "./card-state.ts";

/** A to-do: its label, the list it opens and the answer's count (null: the server withheld it). */
// Each opens its list where the waiting ones are: the page's tab, or the deposits filtered to 退款待审核.
const TODOS: { label: string; path: string; search: string; count: (d: GetWorkbenchFeeOverviewData) => number | null }[] = [
  { label: "退款审核", path: "/propertyPayment/receivedManagement", search: "?tab=refunds", count: (d) => d.pendingRefunds },
  { label: "减免审核", path: "/propertyPayment/billpay", search: "?tab=waivers", count: (d) => d.pendingWaivers },
  { label: "押金退还审核", path: "/propertyPayment/deposits", search: `?status=${DepositStatus.RefundPending}`, count: (d) => d.pendingDepositRefunds },
];

export function FeeOverview({ communityId, authorities }: ModuleProps) {
  const navigate = useNavigate();
  const query = useQuery({
    ...queries.getWorkbenchFeeOverview.queryOptions({ query: { communityId: Number(communityId) } }, { silent: true }),
    // Another community's money is never shown while this one's loads.
    placeholderData: undefined,
  });
  return (
    <CardBody state={cardState(query)}>
      {(d) => {
        const todos = TODOS.map((t) => ({ ...t, n: t.count(d) })).filter((t) => t.n !== null && mayOpenRoute(t.path, authorities));
        return (
          <>
            <Row gutter={16} data-testid="fee-overview-stats">
              <Col flex="1 1 0">
                <Statistic title="本月应收(元)" value={d.amountDue} />
              </Col>
              <Col flex="1 1 0">
                <Statistic title="本月实收(元)" value={d.collected} />
              </Col>
              <Col flex="1 1 0">
                <Statistic title="收缴率" value={d.collectionRate} />
              </Col>
              <Col flex="1 1 0">
                <Statistic title="欠费总额(元)" value={d.arrears} valueStyle={d.arrears === "0.00" ? undefined : { color: "#cf1322" }} />
              </Col>
            </Row>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: "8px 0 0" }}>
              {d.amountDue === "0.00" ? fillTexts.webWorkbench.periodWithoutBills({ month: d.month }) : fillTexts.webWorkbench.period({ month: d.month })}
              {fillTexts.webWorkbench.incomeNote({ recharged: d.recharged, deposits: d.deposits, today: d.today })}
            </Typography.Paragraph>
            {todos.length > 0 && (
              <Space wrap size={4} style={{ marginTop: 8 }} data-testid="fee-overview-todos">
                <Typography.Text type="secondary">待办：</Typography.Text>
                {todos.map((t) => (
                  <Button key={t.path} type="link" size="small" style={{ padding: 0, marginRight: 12 }} onClick={() => navigate(t.path + t.search)}>
                    {t.label}
                    <Tag color={t.n ? "warning" : "default"} style={{ marginLeft: 6 }}>
                      {t.n}
                    </Tag>
                  </Button>
                ))}
              </Space>
            )}
          </>
        );
      }}
    </CardBody>
  );
}
