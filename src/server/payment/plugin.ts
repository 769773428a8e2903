// The property-payment (fee) endpoints, as one Fastify plugin (listed in src/server/domains.ts), with
// the handlers of its background tasks (bill generation, dunning notices), run by the app's task worker.
import type { FastifyInstance } from "fastify";
import "./generation.ts"; // registers the bill-generation task handler
import "./dunning.ts"; // registers the dunning-notice task handler
import { settingsRoutes } from "./routes/settings-routes.ts";
import { generationRoutes } from "./routes/generation-routes.ts";
import { approvalRoutes } from "./routes/approval-routes.ts";
import { cashierRoutes } from "./routes/cashier-routes.ts";
import { refundRoutes } from "./routes/refund-routes.ts";
import { reconciliationRoutes } from "./routes/reconciliation-routes.ts";
import { reportRoutes } from "./routes/report-routes.ts";
import { prepayRoutes } from "./routes/prepay-routes.ts";
import { arrearsRoutes } from "./routes/arrears-routes.ts";
import { advanceArrears } from "./arrears.ts";
import { dunningRoutes } from "./routes/dunning-routes.ts";
import { registerPrepayHooks } from "./prepay.ts";
import { registerCounterChargeHooks } from "./counter-charges.ts";
import { registerDunningRecordHooks } from "./dunning-records.ts";
import { registerMeterReadingHooks } from "./meter-readings.ts";
import { meterReadingRoutes } from "./routes/meter-reading-routes.ts";
import { registerFeeFormulaHooks } from "./fee-formula.ts";
import { registerPriceChangeHooks } from "./price-changes.ts";
import { formulaRoutes } from "./routes/formula-routes.ts";

const ARREARS_DAY = "payment.arrearsDay";

export async function paymentModule(app: FastifyInstance): Promise<void> {
  await app.register(settingsRoutes);
  await app.register(generationRoutes);
  await app.register(approvalRoutes);
  await app.register(cashierRoutes);
  await app.register(refundRoutes);
  await app.register(reconciliationRoutes);
  await app.register(reportRoutes);
  registerPrepayHooks();
  registerCounterChargeHooks();
  registerDunningRecordHooks();
  registerMeterReadingHooks();
  await app.register(meterReadingRoutes);
  registerFeeFormulaHooks();
  registerPriceChangeHooks();
  await app.register(formulaRoutes);
  await app.register(prepayRoutes);
  await app.register(arrearsRoutes);
  // Each China day, the rooms' kept arrears take in the bills that fell due (the list reads only those live meanwhile).
  app.jobs.define(ARREARS_DAY, async () => advanceArrears(app.db), { retryLimit: 3, retryDelay: 60, retryBackoff: true });
  app.jobs.schedule(ARREARS_DAY, "1 0 * * *");
  await app.register(dunningRoutes);
}
