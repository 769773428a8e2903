import { describe, expect, it } from "vitest";
import { accountKey, accountOf, accountStorage } from "../../../src/web/guides/account-storage.ts";
import { readPaymentMemory, setNoAutoPop } from "../../../src/web/guides/payment/payment-visibility.ts";
import { MemoryStorage } from "../../../src/web/state/storage.ts";

describe("the guides' flags per account", () => {
  it("keeps one account's 不再自动弹出 from another's on the same browser, under the spec's key with the account after it", () => {
    const browser = new MemoryStorage();
    const first = accountStorage(browser, accountOf({ tenantId: 1000, userId: 1001 }));
    const second = accountStorage(browser, accountOf({ tenantId: 1000, userId: 1002 }));
    setNoAutoPop(first, true);
    expect(readPaymentMemory(first).noAutoPopTicked).toBe(true);
    expect(readPaymentMemory(second).noAutoPopTicked).toBe(false);
    expect(browser.getItem(accountKey("Hbl_payment_subvisible", "1000.1001"))).toBe("false");
    expect(browser.getItem("Hbl_payment_subvisible")).toBeNull();
    setNoAutoPop(first, false);
    expect(browser.length).toBe(0);
  });
});
