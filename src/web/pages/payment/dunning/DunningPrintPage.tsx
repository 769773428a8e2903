// 催缴通知单 /propertyPayment/dunningNotice/:id: one dunning notice laid out on an A4 page (the
// shell and the buttons do not print): the room, the text, the unpaid bills and the total.
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Empty, Space, Spin, Table } from "antd";
import dayjs from "dayjs";
import { useNavigate, useParams } from "react-router";
import type { PageProps } from "../../registry.ts";
import { amountInWords } from "../../../../common/payment/words.ts";
import { fenOf } from "../shared/money.ts";
import { queries } from "../../../http/query-client.ts";

const PRINT_CSS = `@page { size: A4; margin: 18mm; }
@media print {
  body * { visibility: hidden; }
  .neptune-dunning, .neptune-dunning * { visibility: visible; }
  .neptune-dunning { position: absolute; left: 0; top: 0; width: 100%; }
  .neptune-dunning-actions { display: none !important; }
}`;

export default function DunningPrintPage(_props: PageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const r = useQuery({ ...queries.printDunningNotice.queryOptions({ params: { id: id ?? "" } }, { silent: true }), enabled: !!id });
  if (r.isFetching && !r.data) return <Spin style={{ display: "block", margin: 48 }} />;
  if (!r.data)
    return (
      <Card variant="borderless">
        <Empty description="催缴通知不存在或已被删除">
          <Button onClick={() => navigate("/propertyPayment/dunningNotices")}>返回催缴通知</Button>
        </Empty>
      </Card>
    );
  const d = r.data;
  return (
    <Card variant="borderless">
      <style>{PRINT_CSS}</style>
      <div className="neptune-dunning" style={{ width: "210mm", maxWidth: "100%", minHeight: "297mm", margin: "0 auto", padding: "12mm", fontSize: 14, background: "#fff" }}>
        <h2 style={{ textAlign: "center", letterSpacing: 4 }}>{d.title}</h2>
        <div style={{ display: "flex", justifyContent: "space-between", margin: "12px 0" }}>
          <span>
            房屋：{d.communityName} {d.buildingName ?? ""} {d.unitName ?? ""} {d.roomNo}
          </span>
          <span>编号：{d.noticeNo}</span>
        </div>
        <p style={{ textIndent: "2em", lineHeight: 2 }}>{d.content}</p>
        <Table
          size="small"
          bordered
          rowKey="billNo"
          pagination={false}
          dataSource={d.bills}
          columns={[
            { title: "缴费项目", dataIndex: "itemName" },
            { title: "账期", dataIndex: "period" },
            { title: "缴费截止日", dataIndex: "dueDate" },
            { title: "账单编号", dataIndex: "billNo" },
            { title: "欠费金额(元)", dataIndex: "outstanding", align: "right" },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                合计（大写）：{amountInWords(fenOf(d.amountOwed))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                ¥{d.amountOwed}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
        <div style={{ textAlign: "right", marginTop: 48, lineHeight: 2 }}>
          <div>{d.issuer}</div>
          <div>{dayjs(d.issuedAt).format("YYYY年MM月DD日")}</div>
        </div>
        <Space className="neptune-dunning-actions" style={{ marginTop: 24, display: "flex", justifyContent: "center" }}>
          <Button type="primary" onClick={() => window.print()}>
            打印
          </Button>
          <Button onClick={() => navigate(-1)}>返回</Button>
        </Space>
      </div>
    </Card>
  );
}
