-- Meters (issue 38): every tenant gets the built-in meter types 水, 电, 燃气, 热, now and when it is
-- created; readings made before meters (one per room, payment item and period) move to a water
-- meter of their room, and metered payment items bill by the water type. Applied after
-- generated/migrations: it needs the meter tables.

create or replace function meter_types_builtin() returns trigger language plpgsql as $$
begin
  insert into meter_types (tenant_id, name, unit, sort_no, built_in)
  values (new.id, '水', '吨', 1, true), (new.id, '电', '度', 2, true), (new.id, '燃气', '立方米', 3, true), (new.id, '热', 'GJ', 4, true)
  on conflict do nothing;
  return new;
end $$;

drop trigger if exists tenants_meter_types on tenants;
create trigger tenants_meter_types after insert on tenants for each row execute function meter_types_builtin();

insert into meter_types (tenant_id, name, unit, sort_no, built_in)
select t.id, v.name, v.unit, v.sort_no, true
  from tenants t cross join (values ('水', '吨', 1), ('电', '度', 2), ('燃气', '立方米', 3), ('热', 'GJ', 4)) as v(name, unit, sort_no)
on conflict do nothing;

-- The readings of before: a water meter per room that had one (表号 W + the room's id).
insert into meters (tenant_id, community_id, meter_no, meter_type_id, scope_kind, room_id, initial_reading)
select distinct r.tenant_id, r.community_id, 'W' || r.room_id, t.id, 1, r.room_id, 0
  from meter_readings r join meter_types t on t.tenant_id = r.tenant_id and t.name = '水' and t.built_in
 where r.meter_id is null and r.room_id is not null
on conflict do nothing;

update meter_readings r
   set meter_id = m.id, meter_type_id = m.meter_type_id, building_id = rm.building_id,
       usage = r.current_reading - coalesce(r.previous_reading, 0),
       anomaly = case when r.current_reading < coalesce(r.previous_reading, 0) then 2 else 1 end,
       status = 2
  from meters m
  join rooms rm on rm.tenant_id = m.tenant_id and rm.id = m.room_id
 where r.meter_id is null and m.tenant_id = r.tenant_id and m.community_id = r.community_id and m.meter_no = 'W' || r.room_id;

-- Those already billed are locked.
update meter_readings r set status = 3, bill_id = b.id
  from bills b
 where r.payment_item_id is not null and b.tenant_id = r.tenant_id and b.room_id = r.room_id
   and b.payment_item_id = r.payment_item_id and b.period = r.period and r.bill_id is null;

delete from meter_readings where meter_id is null;
alter table meter_readings alter column meter_id set not null;

update payment_items i set meter_type_id = t.id
  from price_types p, meter_types t
 where i.meter_type_id is null and p.tenant_id = i.tenant_id and p.id = i.price_type_id and p.pricing_method = 3
   and t.tenant_id = i.tenant_id and t.name = '水' and t.built_in;

-- Billing reads a room's approved readings of a type and period (payment/generation.ts).
create index if not exists meter_readings_billing_idx on meter_readings (tenant_id, room_id, meter_type_id, period);
