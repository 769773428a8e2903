// One dunning letter (催缴通知单): the title, the room, the text, the unpaid bills with the total in
// words and figures, the issuer and the date. The single print view shows one; the batch print view
// one per A4 page.
import { Table } from "antd";
import dayjs from "dayjs";
import type { PrintDunningNoticeData } from "../../../../../generated/operation-types.ts";
import { amountInWords } from "../../../../common/payment/words.ts";
import { fenOf } from "../shared/money.ts";

export function DunningLetter({ notice: d }: { notice: PrintDunningNoticeData }) {
  return (
    <>
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
    </>
  );
}
