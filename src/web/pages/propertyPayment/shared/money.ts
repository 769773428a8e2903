// Money on the fee pages: yuan text in, exact sums through integer fen, two decimals out (src/common/money.ts).
export { fenOf, fenToYuan, sumYuan, tryFen } from "../../../../common/money.ts";
