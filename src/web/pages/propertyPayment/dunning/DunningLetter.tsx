// One dunning letter (催缴通知单): the title, the room, the text, the unpaid bills with the total in
// words and figures, the room's online pay QR and link (when it has one), the issuer and the date. The single print view shows one; the batch print view
// one per A4 page.
import dayjs from "dayjs";
import type { PrintDunningNoticeData } from "../../../../../generated/operation-types.ts";
import { PrintBillTable } from "../../../ui/print/PrintBillTable.tsx";
import { chinaDate } from "../shared/columns.tsx";
import { LetterPayLink } from "../online/LetterPayLink.tsx";

/** `payUrl`: the room's online pay link, printed as a QR and an address under the bills when given. */
export function DunningLetter({ notice: d, payUrl }: { notice: PrintDunningNoticeData; payUrl?: string }) {
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
      <PrintBillTable
        rowKey="billNo"
        rows={d.bills}
        total={d.amountOwed}
        columns={[
          { title: "缴费项目", dataIndex: "itemName" },
          { title: "账期", dataIndex: "period" },
          { title: "缴费截止日", dataIndex: "dueDate" },
          { title: "账单编号", dataIndex: "billNo" },
          { title: "欠费金额(元)", dataIndex: "outstanding", align: "right" },
        ]}
      />
      <LetterPayLink url={payUrl} />
      <div style={{ textAlign: "right", marginTop: 48, lineHeight: 2 }}>
        <div>{d.issuer}</div>
        <div>{dayjs(chinaDate(d.issuedAt)).format("YYYY年MM月DD日")}</div>
      </div>
    </>
  );
}
