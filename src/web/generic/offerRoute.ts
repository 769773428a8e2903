// After a write, the page offers what the schema says comes next (`afterCreate`, an action's
// `opens`): a dialog with the server's message and a button to the route with the id the row's
// ref field now holds (a deposit's or a recharge's receipt: 打印票据). Without an id, nothing.
import type { App } from "antd";
import type { OpensRoute } from "../../../generated/model-types.ts";
import { scalarText } from "../../common/scalar-text.ts";

type Modals = ReturnType<typeof App.useApp>["modal"];

/** Offers the route when the row holds its id (true), else does nothing (false); `onClose` runs when the offer is declined. */
export function offerRoute(modal: Modals, offer: OpensRoute | undefined, row: unknown, done: string, go: (path: string) => void, onClose?: () => void): boolean {
  const id = offer && row && typeof row === "object" ? scalarText((row as Record<string, unknown>)[offer.field]) : "";
  if (!offer || !id) return false;
  modal.confirm({
    title: done,
    okText: offer.label,
    cancelText: "关闭",
    onOk: () => go(offer.route.replace(":id", encodeURIComponent(id))),
    onCancel: onClose,
  });
  return true;
}
