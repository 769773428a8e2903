// 批量打印催缴通知 /propertyPayment/dunningNotices/print?ids=1,2,…: the notices chosen on the list, one
// letter (DunningLetter.tsx, as in the single print view, with its room's pay QR and link) per A4
// page in the print module's frame (src/web/ui/print: each .neptune-print-page starts a new page; no
// shell, watermark or buttons in print). A notice that cannot be read (deleted, another community) is left out and named.
import { useQueries } from "@tanstack/react-query";
import { Alert } from "antd";
import { useSearchParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { DunningLetter } from "./DunningLetter.tsx";
import { roomIdsOf } from "../online/onlinePayment.ts";
import { useRoomPayLinks } from "../online/useRoomPayLinks.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

const MAX_LETTERS = 50;

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
  const reads = useQueries({ queries: ids.map((id) => queries.printDunningNotice.queryOptions({ params: { id } }, { silent: true })) });
  const letters = reads.flatMap((r) => (r.data ? [r.data] : []));
  const pay = useRoomPayLinks(roomIdsOf(letters));
  if (reads.some((r) => r.isPending && r.isFetching) || pay.loading) return <PrintLoading />;
  if (!letters.length) return <PrintMissing description="请在催缴通知列表中选择要打印的催缴通知" backTo="/propertyPayment/dunningNotices" backLabel="返回催缴通知" />;
  const missing = ids.length - letters.length;
  return (
    <PrintLayout className="neptune-dunning">
      {missing > 0 && <Alert className="neptune-print-actions" type="warning" showIcon message={fillTexts.payDunning.missing({ count: missing })} style={{ marginBottom: 12 }} />}
      {letters.map((d) => (
        <section key={d.id} className="neptune-print-a4 neptune-print-page" aria-label={fillTexts.payDunning.noticeLabel({ noticeNo: d.noticeNo })}>
          <DunningLetter notice={d} payUrl={d.roomId ? pay.links.get(d.roomId) : undefined} />
        </section>
      ))}
    </PrintLayout>
  );
}
