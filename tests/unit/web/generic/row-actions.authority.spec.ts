// A state action with a code of its own (an approval: 收费审核) is offered only to its holders; the
// others of the row's state are offered to everyone who sees the list (the server refuses the rest).
import { expect, test } from "vitest";
import { actionsFor } from "../../../../src/web/generic/RowActions.tsx";
import type { ResourceDef } from "../../../../generated/model-types.ts";

const def = {
  actions: {
    stateField: "status",
    list: [
      { name: "refund", label: "申请退还", from: ["1"], to: "2", inputs: [], required: [], danger: false },
      { name: "approveRefund", label: "退还审核通过", from: ["2"], to: "3", inputs: [], required: [], danger: false, authority: "PAYMENT_APPROVE" },
      { name: "rejectRefund", label: "驳回", from: ["2"], to: "1", inputs: [], required: [], danger: true, authority: "PAYMENT_APPROVE" },
    ],
  },
} as unknown as ResourceDef;

test("an approval is offered to a holder of its code only", () => {
  const names = (status: number, authorities: string[]) => actionsFor(def, { id: 1, status }, authorities).map((a) => a.name);
  expect(names(2, ["HBL0701315"])).toEqual([]);
  expect(names(2, ["HBL0701315", "PAYMENT_APPROVE"])).toEqual(["approveRefund", "rejectRefund"]);
  expect(names(1, ["HBL0701315"])).toEqual(["refund"]);
});
