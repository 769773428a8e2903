// 催缴通知单 /propertyPayment/dunningNotice/:id: one dunning notice laid out on an A4 page in the print
// module's frame (src/web/ui/print: the shell, the watermark and the buttons do not print): the room,
// the text, the unpaid bills and the total.
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Empty, Spin, Table } from "antd";
import dayjs from "dayjs";
import { useNavigate, useParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { amountInWords } from "../../../../common/payment/words.ts";
import { fenOf } from "../shared/money.ts";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";

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
    <PrintLayout className="neptune-dunning" paper="a4">
      <h2 style={{ textAlign: "center", letterSpacing: 4 }}>{d.title}</h2>
      <div style={{ display: "flex", justifyContent: "space-between", margin: "12px 0" }}>
        <span>
          房屋：{d.communityName} {d.roomName}
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
    </PrintLayout>
  );
}
