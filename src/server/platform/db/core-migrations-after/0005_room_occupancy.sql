-- Houses got an occupancy state (generated/migrations: rooms.occupancy_status, shown as 房屋状态, default
-- 3 空置) and payment items bill by it (payment_items.occupancy_statuses, default [1,2,3,4]: every
-- occupied and vacant house, not 未交付) instead of the smart-home deployment state (rooms.status,
-- now shown as 部署状态; payment_items.room_statuses is no longer read). docs/decisions.md.
-- Applied after generated/migrations: it needs the new columns.

-- Existing houses: the deployment state says nothing about who lives there, the residents do. A house
-- with a resident recorded as 租客 is 出租, one with other residents 自住, one without stays 空置.
update rooms r set occupancy_status = case
         when exists (select 1 from inhabitants i where i.tenant_id = r.tenant_id and i.room_id = r.id and i.identity = 3) then 2
         else 1 end
 where exists (select 1 from inhabitants i where i.tenant_id = r.tenant_id and i.room_id = r.id);

-- Existing items got the column's default, [1,2,3,4], so they bill every house of their community
-- but one recorded as 未交付 (none is yet). An item that named no state billed every house: it still does.
update payment_items set occupancy_statuses = '[]'::jsonb where room_statuses = '[]'::jsonb;
update payment_items set occupancy_statuses = '[1,2,3,4]'::jsonb where occupancy_statuses is null;
