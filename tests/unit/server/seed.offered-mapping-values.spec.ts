// The demo filler picks only the mapping values a form may choose: a value the system records by
// itself (offered: false, 支付方式 预存款抵扣) would be refused by the validator and the row left out.
import { expect, it } from "vitest";
import { resourceByName } from "../../../generated/resources.ts";
import { mappingValues } from "../../../src/server/seed/field-values.ts";

it("never picks 预存款抵扣 for a pay method", () => {
  const payMethod = resourceByName.parkingPayments.fields.find((f) => f.name === "payMethod")!;
  const values = mappingValues(payMethod);
  expect(values).not.toContain(7);
  expect(values).toEqual(expect.arrayContaining([1, 2, 5]));
});
