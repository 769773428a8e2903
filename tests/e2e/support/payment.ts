// What the payment journeys share: a route opened afresh with the guide panels out of the way, the
// first demo community made current, a fixed-price monthly item billed to chosen rooms, and how far
// a page scrolls sideways, and the four-eyes rules turned off for a journey about something else.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { Journey } from "./journey.ts";

/** The floating guide panels of other features may cover the page's buttons: keep them out of the way. */
export const hideGuidePanels = (page: Page) => page.addStyleTag({ content: '[data-testid*="guide"], section[aria-label*="引导"] { display: none !important; }' });

/**
 * Opens a page by its address in a new document, as typing it in the address bar does, and hides the
 * guide panels. From about:blank: the app's routes differ only by their hash, so going straight to
 * one from the app would stay in the same document (and then a reload made it load twice).
 */
export async function openAfresh(journey: Journey, page: Page, path: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(journey.url(path), { waitUntil: "domcontentloaded" });
  await page.getByTestId("shell-menu").waitFor();
  await hideGuidePanels(page);
}

/**
 * Goes to a route in the document already open, as a click in the menu does: the app's pages, its
 * query cache and its loaded chunks stay (what a user who moves on in the app sees).
 */
export async function openInApp(journey: Journey, page: Page, path: string): Promise<void> {
  await page.goto(journey.url(path));
  await page.getByTestId("shell-menu").waitFor();
}

export interface DemoCommunity {
  communityId: number;
  communityName: string;
}

/** The first demo community, made the page's current community (read when the page next loads). */
export async function chooseFirstCommunity(journey: Journey, page: Page = journey.page): Promise<DemoCommunity> {
  const c = (await journey.api<DemoCommunity[]>("get", "/api/system/communities?areaId=1", undefined, page))[0];
  await page.evaluate((v) => localStorage.setItem("Hbl_current_community", JSON.stringify(v)), c);
  return c;
}

export interface Billing {
  communityId: number;
  /** The names of the price type and of the item. */
  priceTypeName: string;
  itemName: string;
  /** The monthly fixed price, yuan ("100.00"). */
  unitPrice: string;
  period: string;
  roomIds: number[];
  /** Fields of the item besides the defaults (due on the 15th, paymentType 1, every occupancy). */
  item?: Record<string, unknown>;
}

/** A fixed-price monthly item (with its price type) billed to the rooms for the period, the generation waited for: the item's id. */
export async function billRooms(journey: Journey, b: Billing): Promise<number> {
  const priceTypeId = (
    await journey.api<{ id: number }>("post", "/api/property/priceTypes", {
      communityId: b.communityId,
      name: b.priceTypeName,
      pricingMethod: 2,
      unitPrice: b.unitPrice,
      billingCycle: 1,
      enabled: true,
    })
  ).id;
  const itemId = (
    await journey.api<{ id: number }>("post", "/api/property/paymentItems", {
      communityId: b.communityId,
      priceTypeId,
      name: b.itemName,
      dueDay: 15,
      paymentType: 1,
      occupancyStatuses: [],
      ...b.item,
    })
  ).id;
  const started = await journey.api<{ taskId: number }>("post", "/api/property/bills/actions/generate", { period: b.period, paymentItemIds: [itemId], roomIds: b.roomIds });
  await expect.poll(async () => (await journey.api<{ state: string }>("get", `/api/property/bills/actions/generationTask?id=${started.taskId}`)).state, { timeout: 60_000 }).toBe("completed");
  return itemId;
}

/** How far the document scrolls sideways (0: it fits the window). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    return Math.max(0, doc.scrollWidth - doc.clientWidth, doc.scrollWidth - window.innerWidth);
  });

/**
 * Turns the tenant's four-eyes rules (双人审核: 作废, 退费/冲正, 减免, 押金退还, 调价) off or on as the
 * journey's main account: a journey about something else lets one person apply and approve.
 */
export async function setFourEyes(journey: Journey, required: boolean): Promise<void> {
  const rules = await journey.api<{ list: { id: number; rule: number }[] }>("post", "/api/property/approvalRules/actions/pageList", { pageNo: 1, pageSize: 50 });
  for (const rule of [1, 2, 3, 4, 5]) {
    const row = rules.list.find((r) => r.rule === rule);
    if (row) await journey.api("put", `/api/property/approvalRules/${row.id}`, { rule, required });
    else await journey.api("post", "/api/property/approvalRules", { rule, required });
  }
}
