-- Payment items got a category (generated/migrations: payment_items.category, default 1 周期性收费):
-- 押金管理 now takes only deposit items (2) and 临时收费 only temporary ones (3). Items a database
-- already used for deposits or temporary charges get that category, so they stay selectable there.
-- Pricing types keep only the fields their method uses (schema usedWhen, src/server/crud/schema-conditions.ts): a meter
-- unit and multiplier for metered pricing (3), a unit price for every method but manual entry (4).
-- Applied after generated/migrations: it needs the new column.

update payment_items i set category = 2
 where i.category = 1
   and exists (select 1 from deposits d where d.tenant_id = i.tenant_id and d.payment_item_id = i.id);

update payment_items i set category = 3
 where i.category = 1
   and exists (select 1 from temp_charges t where t.tenant_id = i.tenant_id and t.payment_item_id = i.id);

update price_types set meter_unit = null, meter_multiplier = null
 where pricing_method <> 3 and (meter_unit is not null or meter_multiplier is not null);

update price_types set unit_price = null
 where pricing_method = 4 and unit_price is not null;
