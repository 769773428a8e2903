// A new row opened from a filtered list starts with the list's filters on its reference fields: the
// 催缴记录 of one room (opened from its arrears row) add a record for that room.
import { expect, it } from "vitest";
import { formFields, listFilterDefaults } from "../../../../src/web/generic/fields.ts";
import { resourceByName } from "../../../../generated/resources.ts";

const fields = formFields(resourceByName.dunningRecords);

it("takes the list's filters on reference fields of the form, as numbers; a code filtered by is no new row's code", () => {
  expect(listFilterDefaults(fields, "?roomId=1108&method=2&result=1&pageNo=3&sortField=dunnedAt&sortOrder=desc")).toEqual({ roomId: 1108 });
});

it("leaves out what is not a single well-formed value, and fields that are no filter", () => {
  expect(listFilterDefaults(fields, "?roomId=abc&method=&remark=x&collectorId=1e3")).toEqual({});
  expect(listFilterDefaults(fields, "")).toEqual({});
});
