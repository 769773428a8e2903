// What the fee pages' writes invalidate, in one place: the operations' own keys (the generated query
// helpers) and the generic resources' lists read through Refine (useResourcePage). A write says what
// it changed and the reads showing it load again; nothing reloads by hand.
import { useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queries } from "../../../http/query-client.ts";
import { invalidateBillReads } from "../api.ts";

/** The query options of the reads the fee pages share (the keys their writes invalidate). */
export const paymentQueries = {
  /** One settlement day of a community: recorded against declared per pay method and cashier. */
  reconciliationDay: (communityId: number | string, day: string) => queries.getReconciliationDay.queryOptions({ query: { communityId, day } }),
};

/** Invalidates the lists of generic fee resources (refunds, payments, receipts, dailyClosings…) read through Refine. */
function useInvalidateLists() {
  const invalidate = useInvalidate();
  return useCallback((...resources: string[]) => Promise.all(resources.map((resource) => invalidate({ resource, invalidates: ["list"] }))).then(() => undefined), [invalidate]);
}

/**
 * After a refund decision. Approved: the money went back, so the refunds, the payments (refunded) and
 * the receipts (refunded of each) lists, what is refundable and every bill read change. Rejected (or a
 * refused decision, the refund perhaps decided meanwhile): the refunds list and what is refundable.
 */
export function useRefundWritten() {
  const client = useQueryClient();
  const lists = useInvalidateLists();
  return useCallback(
    (approved: boolean) =>
      Promise.all([
        lists("refunds", ...(approved ? ["payments", "receipts"] : [])),
        client.invalidateQueries({ queryKey: queries.getRefundable.key }),
        approved ? invalidateBillReads(client) : undefined,
      ]).then(() => undefined),
    [client, lists],
  );
}

/** After a payment (pay, prepay, pay from balance): every bill read, and the payments and receipts lists (read again when next shown). */
export function useBillsWritten() {
  const client = useQueryClient();
  const lists = useInvalidateLists();
  return useCallback(() => Promise.all([lists("payments", "receipts"), invalidateBillReads(client)]).then(() => undefined), [client, lists]);
}

/** After a waiver is applied or decided: the waivers list and every bill read (an approval lowers what is owed). */
export function useWaiverWritten() {
  const client = useQueryClient();
  const lists = useInvalidateLists();
  return useCallback(() => Promise.all([lists("waivers"), invalidateBillReads(client)]).then(() => undefined), [client, lists]);
}

/** After a refund application: the payments and refunds lists and what is refundable. */
export function useRefundApplied() {
  const client = useQueryClient();
  const lists = useInvalidateLists();
  return useCallback(() => Promise.all([lists("payments", "refunds"), client.invalidateQueries({ queryKey: queries.getRefundable.key })]).then(() => undefined), [client, lists]);
}

/** After a receipt is voided (an untouched one reverses its payments): the receipts and payments lists and every bill read. */
export function useReceiptVoided() {
  const client = useQueryClient();
  const lists = useInvalidateLists();
  return useCallback(() => Promise.all([lists("receipts", "payments"), invalidateBillReads(client)]).then(() => undefined), [client, lists]);
}

/** After dunning notices are made or published: their list. */
export function useDunningWritten() {
  const lists = useInvalidateLists();
  return useCallback(() => lists("dunningNotices"), [lists]);
}

/** After a bill generation task ends: the list of bill batches. */
export function useBatchesWritten() {
  const lists = useInvalidateLists();
  return useCallback(() => lists("billBatches"), [lists]);
}

/** After a day's declaration is saved or the day closed: the day's summary and the list of closed days. */
export function useReconciliationWritten() {
  const client = useQueryClient();
  const lists = useInvalidateLists();
  return useCallback(() => Promise.all([client.invalidateQueries({ queryKey: queries.getReconciliationDay.key }), lists("dailyClosings")]).then(() => undefined), [client, lists]);
}

/** After 退回多缴 (sent, refused or decided meanwhile): the online orders and their refunds lists. */
export function useOverpaidSent() {
  const lists = useInvalidateLists();
  return useCallback(() => lists("onlinePaymentOrders", "onlinePaymentRefunds"), [lists]);
}
