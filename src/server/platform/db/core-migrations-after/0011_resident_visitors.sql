-- The staff side of the residents' app (docs/residents.md "Visitors, accounts and notices"): the
-- resources 住户账号 (residentAppAccounts) and 房屋绑定 (residentAppRooms) read and change the
-- residents' own tables, resident_accounts and resident_rooms (0008_residents.sql). Codegen made
-- them a table each (generated/migrations); they are replaced here by views over those tables, with
-- the columns the generic pages read. Both views are simple (one table each, the composed columns
-- are subqueries), so the generic actions' updates of status, version and updated_* go through.
-- A later change of those resources' fields needs these views made again.

-- An account's state: 1 正常, 2 已停用 (mapping residentAccountStatus). `enabled`, which the session
-- and the sign-in read, follows it.
alter table resident_accounts add column if not exists status smallint not null default 1;
update resident_accounts set status = 2 where not enabled;
alter table resident_accounts drop column enabled;
alter table resident_accounts add column enabled boolean generated always as (status = 1) stored;
alter table resident_accounts
  add column if not exists version integer not null default 1,
  add column if not exists updated_at timestamptz not null default now(),
  add column if not exists created_by bigint,
  add column if not exists updated_by bigint;

alter table resident_rooms
  add column if not exists version integer not null default 1,
  add column if not exists created_by bigint,
  add column if not exists updated_by bigint;
create index if not exists resident_rooms_room_idx on resident_rooms (tenant_id, room_id);

drop table if exists resident_app_rooms cascade;
drop table if exists resident_app_accounts cascade;

-- 住户账号: the bound rooms as 社区 楼栋-单元-房号, joined by '；'.
create view resident_app_accounts as
select a.id, a.tenant_id, a.phone, a.name,
       (select string_agg(c.name || ' ' || coalesce(r.full_name, ''), '；' order by c.id, r.full_name, r.id)
          from resident_rooms rr
          join rooms r on r.tenant_id = rr.tenant_id and r.id = rr.room_id
          join communities c on c.tenant_id = r.tenant_id and c.id = r.community_id
         where rr.tenant_id = a.tenant_id and rr.resident_id = a.id and rr.status = 2)::varchar(4000) as room_names,
       a.status, a.last_login_at, a.created_at as registered_at,
       a.version, a.created_at, a.updated_at, a.created_by, a.updated_by
  from resident_accounts a;

-- 房屋绑定: one row per account and room (status 1 审核中, 2 已绑定, 3 已驳回, 4 已解除).
create view resident_app_rooms as
select rr.id, rr.tenant_id, rr.resident_id,
       (select r.community_id from rooms r where r.tenant_id = rr.tenant_id and r.id = rr.room_id) as community_id,
       (select (c.name || ' ' || coalesce(r.full_name, ''))::varchar(160)
          from rooms r join communities c on c.tenant_id = r.tenant_id and c.id = r.community_id
         where r.tenant_id = rr.tenant_id and r.id = rr.room_id) as room_name,
       rr.room_id, rr.source, rr.status, rr.created_at as bound_at,
       rr.version, rr.created_at, rr.updated_at, rr.created_by, rr.updated_by
  from resident_rooms rr;
