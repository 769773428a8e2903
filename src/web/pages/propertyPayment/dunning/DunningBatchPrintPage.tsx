// 批量打印催缴通知 /propertyPayment/dunningNotices/print?ids=1,2,…: the notices chosen on the list (on
// any of its pages, up to 500), read in one call (printDunningNotices), one letter (DunningLetter.tsx,
// as in the single print view, with its room's pay QR and link) per A4 page in the print module's
// frame (src/web/ui/print: each .neptune-print-page starts a new page; no shell, watermark or buttons
// in print). A selection holding a notice the user cannot read is refused whole (404).
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { DunningLetter } from "./DunningLetter.tsx";
import { roomIdsOf } from "../online/onlinePayment.ts";
import { useRoomPayLinks } from "../online/useRoomPayLinks.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

const MAX_LETTERS = 500;

/** The ids of the query (?ids=1,2,3): positive integers, each once, at most MAX_LETTERS. */
function idsOf(text: string | null): number[] {
  const ids = (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^[1-9]\d{0,15}$/.test(s))
    .map(Number)
    .filter(Number.isSafeInteger);
  return [...new Set(ids)].slice(0, MAX_LETTERS);
}

export default function DunningBatchPrintPage(_props: PageProps) {
  const [params] = useSearchParams();
  const ids = idsOf(params.get("ids"));
  const read = useQuery({ ...queries.printDunningNotices.queryOptions({ body: { ids } }, { silent: true }), enabled: ids.length > 0 });
  const letters = read.data?.list ?? [];
  const pay = useRoomPayLinks(roomIdsOf(letters));
  if ((read.isPending && read.isFetching) || pay.loading) return <PrintLoading />;
  if (!letters.length) return <PrintMissing description="请在催缴通知列表中选择要打印的催缴通知" backTo="/propertyPayment/dunningNotices" backLabel="返回催缴通知" />;
  return (
    <PrintLayout className="neptune-dunning">
      {letters.map((d) => (
        <section key={d.id} className="neptune-print-a4 neptune-print-page" aria-label={fillTexts.payDunning.noticeLabel({ noticeNo: d.noticeNo })}>
          <DunningLetter notice={d} payUrl={d.roomId ? pay.links.get(d.roomId) : undefined} />
        </section>
      ))}
    </PrintLayout>
  );
}
