-- Daily settlement of payments taken online (docs/payment.md "Daily settlement"): a reconciliation
-- line per day and gateway pay method with no cashier. The generated migrations let cashier_id be
-- empty (schemas: reconciliations.cashierId is no longer required); a line with no cashier is unique
-- per community, day and pay method by this partial index (the generated unique key counts empty
-- cashiers as distinct), which the settlement's upsert names as its conflict target. Applied after
-- generated/migrations; both statements are no-ops when run again.

alter table reconciliations alter column cashier_id drop not null;

create unique index if not exists reconciliations_online_uq on reconciliations (tenant_id, community_id, day, pay_method) where cashier_id is null;
