-- What each room owes on its overdue bills, kept with the bills (issue 40: the whole tenant's arrears
-- list read 2.4 M bills on every call). docs/decisions.md "Arrears kept per room".
--
-- room_arrears holds, per room, the bills that count (approved or partly paid, something owed:
-- amount_due − amount_paid − amount_waived + late_fee > 0) whose due date is before arrears_as_of.day:
-- what they owe (the late fee fixed so far included), how many, the earliest due date and period.
-- Triggers on bills keep it exact in the same statement as every change of a bill (generation,
-- approval, payment, refund, waiver, void, delete, any UPDATE), so no path can forget it.
-- What time changes is read live by the arrears list (payment/arrears.ts): bills that fell due since
-- arrears_as_of.day, and the late fee still accruing on bills of items with one. A daily job moves
-- arrears_as_of.day to the current China day, adding the bills that fell due meanwhile.
-- Each bill-writing statement takes arrears_as_of's row FOR SHARE and the move takes it FOR UPDATE, so
-- a bill changed while the day moves is counted once, on one side or the other.
-- Applied after generated/migrations (bills).

create table if not exists arrears_as_of (
  singleton boolean primary key default true check (singleton),
  day date not null
);

create table if not exists room_arrears (
  tenant_id bigint not null,
  community_id bigint not null,
  room_id bigint not null,
  owed bigint not null,
  bills integer not null,
  oldest_due date not null,
  oldest_period varchar(7) not null,
  primary key (tenant_id, community_id, room_id)
);
-- The arrears list's order (days past due of the oldest bill, then owed): its first page without a sort.
create index if not exists room_arrears_oldest_due_idx on room_arrears (tenant_id, oldest_due, owed desc, room_id);

-- Recounts rooms from their bills: what they owe on the bills due before `cut`.
create or replace function room_arrears_recount(cut date, tenants bigint[], communities bigint[], rooms bigint[]) returns void language plpgsql as $fn$
begin
  delete from room_arrears a using unnest(tenants, communities, rooms) as x(tenant_id, community_id, room_id)
   where a.tenant_id = x.tenant_id and a.community_id = x.community_id and a.room_id = x.room_id;
  insert into room_arrears (tenant_id, community_id, room_id, owed, bills, oldest_due, oldest_period)
  select b.tenant_id, b.community_id, b.room_id, sum(b.amount_due - b.amount_paid - b.amount_waived + b.late_fee), count(*), min(b.due_date), min(b.period)
    from unnest(tenants, communities, rooms) as x(tenant_id, community_id, room_id)
    join bills b on b.tenant_id = x.tenant_id and b.room_id = x.room_id and b.community_id = x.community_id
   where b.status in (2, 5) and b.due_date < cut and b.amount_due - b.amount_paid - b.amount_waived + b.late_fee > 0
   group by b.tenant_id, b.community_id, b.room_id
   order by b.tenant_id, b.community_id, b.room_id;
end $fn$;

-- New bills that count are added to their rooms.
create or replace function room_arrears_on_insert() returns trigger language plpgsql as $fn$
declare
  cut date;
begin
  select a.day into cut from arrears_as_of a for share;
  insert into room_arrears (tenant_id, community_id, room_id, owed, bills, oldest_due, oldest_period)
  select n.tenant_id, n.community_id, n.room_id, sum(n.amount_due - n.amount_paid - n.amount_waived + n.late_fee), count(*), min(n.due_date), min(n.period)
    from new_rows n
   where n.status in (2, 5) and n.due_date < cut and n.amount_due - n.amount_paid - n.amount_waived + n.late_fee > 0
   group by n.tenant_id, n.community_id, n.room_id
   order by n.tenant_id, n.community_id, n.room_id
  on conflict (tenant_id, community_id, room_id) do update
    set owed = room_arrears.owed + excluded.owed, bills = room_arrears.bills + excluded.bills,
        oldest_due = least(room_arrears.oldest_due, excluded.oldest_due), oldest_period = least(room_arrears.oldest_period, excluded.oldest_period);
  return null;
end $fn$;

-- A bill that stops counting, or counts differently, has its room recounted (a minimum cannot be
-- taken back); a bill that starts counting in another room is added to it.
create or replace function room_arrears_on_update() returns trigger language plpgsql as $fn$
declare
  cut date;
  tenants bigint[];
  communities bigint[];
  rooms bigint[];
begin
  select a.day into cut from arrears_as_of a for share;
  -- Most updates (a generated bill approved for a later due date, a bill paid in full before it fell
  -- due, its remark) touch no counting bill: two scans of the statement's rows and nothing more.
  if not exists (select 1 from old_rows o where o.status in (2, 5) and o.due_date < cut and o.amount_due - o.amount_paid - o.amount_waived + o.late_fee > 0)
     and not exists (select 1 from new_rows n where n.status in (2, 5) and n.due_date < cut and n.amount_due - n.amount_paid - n.amount_waived + n.late_fee > 0) then
    return null;
  end if;
  select array_agg(g.tenant_id order by g.tenant_id, g.community_id, g.room_id), array_agg(g.community_id order by g.tenant_id, g.community_id, g.room_id),
         array_agg(g.room_id order by g.tenant_id, g.community_id, g.room_id)
    into tenants, communities, rooms
    from (select distinct o.tenant_id, o.community_id, o.room_id
            from old_rows o left join new_rows n on n.tenant_id = o.tenant_id and n.id = o.id
           where o.status in (2, 5) and o.due_date < cut and o.amount_due - o.amount_paid - o.amount_waived + o.late_fee > 0
             and (n.id is null or not coalesce(n.status in (2, 5) and n.due_date < cut and n.amount_due - n.amount_paid - n.amount_waived + n.late_fee > 0, false)
                  or (n.community_id, n.room_id, n.due_date, n.period, n.amount_due - n.amount_paid - n.amount_waived + n.late_fee)
                     is distinct from (o.community_id, o.room_id, o.due_date, o.period, o.amount_due - o.amount_paid - o.amount_waived + o.late_fee))) g;
  if rooms is not null then
    perform room_arrears_recount(cut, tenants, communities, rooms);
  end if;
  insert into room_arrears (tenant_id, community_id, room_id, owed, bills, oldest_due, oldest_period)
  select n.tenant_id, n.community_id, n.room_id, sum(n.amount_due - n.amount_paid - n.amount_waived + n.late_fee), count(*), min(n.due_date), min(n.period)
    from new_rows n left join old_rows o on o.tenant_id = n.tenant_id and o.id = n.id
   where n.status in (2, 5) and n.due_date < cut and n.amount_due - n.amount_paid - n.amount_waived + n.late_fee > 0
     and (o.id is null or not coalesce(o.status in (2, 5) and o.due_date < cut and o.amount_due - o.amount_paid - o.amount_waived + o.late_fee > 0, false))
     and not exists (select 1 from unnest(tenants, communities, rooms) as x(tenant_id, community_id, room_id)
                      where x.tenant_id = n.tenant_id and x.community_id = n.community_id and x.room_id = n.room_id)
   group by n.tenant_id, n.community_id, n.room_id
   order by n.tenant_id, n.community_id, n.room_id
  on conflict (tenant_id, community_id, room_id) do update
    set owed = room_arrears.owed + excluded.owed, bills = room_arrears.bills + excluded.bills,
        oldest_due = least(room_arrears.oldest_due, excluded.oldest_due), oldest_period = least(room_arrears.oldest_period, excluded.oldest_period);
  return null;
end $fn$;

-- Deleted bills that counted have their rooms recounted.
create or replace function room_arrears_on_delete() returns trigger language plpgsql as $fn$
declare
  cut date;
  tenants bigint[];
  communities bigint[];
  rooms bigint[];
begin
  select a.day into cut from arrears_as_of a for share;
  select array_agg(g.tenant_id order by g.tenant_id, g.community_id, g.room_id), array_agg(g.community_id order by g.tenant_id, g.community_id, g.room_id),
         array_agg(g.room_id order by g.tenant_id, g.community_id, g.room_id)
    into tenants, communities, rooms
    from (select distinct o.tenant_id, o.community_id, o.room_id from old_rows o
           where o.status in (2, 5) and o.due_date < cut and o.amount_due - o.amount_paid - o.amount_waived + o.late_fee > 0) g;
  if rooms is not null then
    perform room_arrears_recount(cut, tenants, communities, rooms);
  end if;
  return null;
end $fn$;

-- Moves the day to `upto` (never back): the bills that fell due in between are added to their rooms.
create or replace function room_arrears_advance(upto date) returns void language plpgsql as $fn$
declare
  cut date;
begin
  select a.day into cut from arrears_as_of a for update;
  if upto <= cut then
    return;
  end if;
  insert into room_arrears (tenant_id, community_id, room_id, owed, bills, oldest_due, oldest_period)
  select b.tenant_id, b.community_id, b.room_id, sum(b.amount_due - b.amount_paid - b.amount_waived + b.late_fee), count(*), min(b.due_date), min(b.period)
    from bills b
   where b.status in (2, 5) and b.due_date >= cut and b.due_date < upto and b.amount_due - b.amount_paid - b.amount_waived + b.late_fee > 0
   group by b.tenant_id, b.community_id, b.room_id
   order by b.tenant_id, b.community_id, b.room_id
  on conflict (tenant_id, community_id, room_id) do update
    set owed = room_arrears.owed + excluded.owed, bills = room_arrears.bills + excluded.bills,
        oldest_due = least(room_arrears.oldest_due, excluded.oldest_due), oldest_period = least(room_arrears.oldest_period, excluded.oldest_period);
  update arrears_as_of set day = upto;
end $fn$;

drop trigger if exists room_arrears_on_insert on bills;
create trigger room_arrears_on_insert after insert on bills referencing new table as new_rows for each statement execute function room_arrears_on_insert();
drop trigger if exists room_arrears_on_update on bills;
create trigger room_arrears_on_update after update on bills referencing old table as old_rows new table as new_rows for each statement execute function room_arrears_on_update();
drop trigger if exists room_arrears_on_delete on bills;
create trigger room_arrears_on_delete after delete on bills referencing old table as old_rows for each statement execute function room_arrears_on_delete();

-- The bills already there: counted as of today (China time).
insert into arrears_as_of (day) values ((now() at time zone 'Asia/Shanghai')::date) on conflict do nothing;
insert into room_arrears (tenant_id, community_id, room_id, owed, bills, oldest_due, oldest_period)
select b.tenant_id, b.community_id, b.room_id, sum(b.amount_due - b.amount_paid - b.amount_waived + b.late_fee), count(*), min(b.due_date), min(b.period)
  from bills b
 where b.status in (2, 5) and b.due_date < (select day from arrears_as_of) and b.amount_due - b.amount_paid - b.amount_waived + b.late_fee > 0
 group by b.tenant_id, b.community_id, b.room_id
on conflict do nothing;
