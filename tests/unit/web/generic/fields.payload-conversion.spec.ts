// Form values ↔ API payloads of the generic form (docs/api.md: money and decimals as text, dates
// YYYY-MM-DD, date-times ISO, integers and refs as numbers).
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { defaultFormValues, formFields, toFormValues, toPayload } from "../../../../src/web/generic/fields.ts";
import { resourceByName } from "../../../../generated/resources.ts";

const fieldsOf = (name: string) => formFields(resourceByName[name]);

describe("toPayload", () => {
  it("converts by type and leaves empty optional fields out of a create", () => {
    const payload = toPayload(fieldsOf("rooms"), { buildingId: "1007", unitId: 1015, roomNo: " 101 ", floor: "3", buildingArea: "88.5", status: 2, maxResidents: "" }, "create");
    expect(payload).toEqual({ buildingId: 1007, unitId: 1015, roomNo: "101", floor: 3, buildingArea: "88.5", status: 2 });
  });
  it("sends null to clear optional fields on an update", () => {
    const payload = toPayload(fieldsOf("inhabitants"), { name: "张三", phone: "13800000000", roomId: 3, idCard: "", email: "", moveInDate: undefined, identity: 1 }, "edit");
    expect(payload).toMatchObject({ idCard: null, email: null, moveInDate: null });
  });
  it("dates as YYYY-MM-DD and date-times as China's wall clock with +08:00, whatever the browser's clock", () => {
    const p1 = toPayload(fieldsOf("inhabitants"), { moveInDate: dayjs("2024-03-05T10:00:00") }, "create");
    expect(p1.moveInDate).toBe("2024-03-05");
    // The picker's wall clock is China's: 18:30 chosen is 18:30 in China.
    const p2 = toPayload(fieldsOf("visitors"), { visitTime: dayjs("2024-03-05T18:30:00") }, "create");
    expect(p2.visitTime).toBe("2024-03-05T18:30:00+08:00");
    // …and an instant read back shows China's wall clock in the picker: a round trip keeps it.
    const shown = toFormValues(fieldsOf("visitors"), { visitTime: "2024-03-05T10:30:00.000Z" }).visitTime as dayjs.Dayjs;
    expect(shown.format("YYYY-MM-DD HH:mm:ss")).toBe("2024-03-05 18:30:00");
    expect(new Date(String(toPayload(fieldsOf("visitors"), { visitTime: shown }, "create").visitTime)).toISOString()).toBe("2024-03-05T10:30:00.000Z");
  });
  it("keeps a mistyped integer as text so the rule can name it, and applies fixed route values", () => {
    expect(toPayload(fieldsOf("rooms"), { floor: "3.5" }, "create", { patrolType: 4 })).toMatchObject({ floor: "3.5", patrolType: 4 });
  });
  it("parses json text", () => {
    expect(toPayload(fieldsOf("characters"), { name: "r", authorities: '["HBL01001"]' }, "create").authorities).toEqual(["HBL01001"]);
  });
});

describe("form values", () => {
  it("shows numbers of text inputs as text, dates as dayjs, json as text", () => {
    const values = toFormValues(fieldsOf("rooms"), { floor: 3, buildingArea: "12.50", status: 4, buildingId: 1007 });
    expect(values).toMatchObject({ floor: "3", buildingArea: "12.50", status: 4, buildingId: 1007 });
    const people = toFormValues(fieldsOf("inhabitants"), { moveInDate: "2024-01-02" });
    expect(dayjs.isDayjs(people.moveInDate)).toBe(true);
    expect(toFormValues(fieldsOf("characters"), { authorities: ["A"] }).authorities).toBe('[\n  "A"\n]');
  });
  it("create forms start from the schema defaults", () => {
    expect(defaultFormValues(fieldsOf("rooms"))).toMatchObject({ houseType: 1, occupancyStatus: 3, status: 1, maxResidents: "6" });
    expect(defaultFormValues(fieldsOf("cards"))).toMatchObject({ enabled: true, cardType: 1 });
  });
});
