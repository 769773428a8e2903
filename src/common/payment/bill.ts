// A bill as the fee endpoints read it and the fee pages receive it (docs/payment.md): the server
// holds money as fen (numbers), responses carry yuan text ("12.50").

/** A bill with its payment item; `Money` is fen on the server, yuan text in responses. */
export interface BillShape<Money> {
  id: number;
  communityId: number;
  roomId: number;
  billNo: string;
  period: string;
  status: number;
  amountDue: Money;
  amountPaid: Money;
  amountWaived: Money;
  /** Approved 退费 refunds, already taken off amountDue (then lateFee): the charge was that much more. */
  amountReduced: Money;
  lateFee: Money;
  dueDate: string | null;
  version: number;
  paymentItemId: number;
  itemName: string;
  paymentType: number | null;
}

/** A bill as the pages show it (yuan text; fen as the server's handlers return it), the late fee as of today and what is still owed. */
export interface BillViewShape<Money = string> extends BillShape<Money> {
  outstanding: Money;
}
