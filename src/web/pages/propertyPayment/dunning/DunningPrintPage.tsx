// 催缴通知单 /propertyPayment/dunningNotice/:id: one dunning notice laid out on an A4 page in the print
// module's frame (src/web/ui/print: the shell, the watermark and the buttons do not print): the room,
// the text, the unpaid bills and the total, the room's pay QR and link (DunningLetter.tsx).
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { DunningLetter } from "./DunningLetter.tsx";
import { roomIdsOf } from "../online/onlinePayment.ts";
import { useRoomPayLinks } from "../online/useRoomPayLinks.ts";

export default function DunningPrintPage(_props: PageProps) {
  const { id } = useParams();
  const r = useQuery({ ...queries.printDunningNotice.queryOptions({ params: { id: id ?? "" } }, { silent: true }), enabled: !!id });
  const pay = useRoomPayLinks(roomIdsOf(r.data ? [r.data] : []));
  if ((r.isFetching && !r.data) || pay.loading) return <PrintLoading />;
  if (!r.data) return <PrintMissing description="催缴通知不存在或已被删除" backTo="/propertyPayment/dunningNotices" backLabel="返回催缴通知" />;
  const d = r.data;
  return (
    <PrintLayout className="neptune-dunning" paper="a4">
      <DunningLetter notice={d} payUrl={d.roomId ? pay.links.get(d.roomId) : undefined} />
    </PrintLayout>
  );
}
