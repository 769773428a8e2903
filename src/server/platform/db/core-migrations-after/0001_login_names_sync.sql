-- Applied after generated/migrations (it needs the users table): keeps login_names in step with
-- users whoever writes them (API, seeds, imports). A username taken in another tenant makes the
-- insert fail with a unique violation (23505), which the API answers with 409 DUPLICATE.

create or replace function neptune_sync_login_name() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from login_names where tenant_id = old.tenant_id and user_id = old.id;
    return old;
  end if;
  if tg_op = 'UPDATE' then
    if new.username = old.username and new.tenant_id = old.tenant_id and new.id = old.id then
      return new;
    end if;
    delete from login_names where tenant_id = old.tenant_id and user_id = old.id;
  end if;
  insert into login_names (username_key, tenant_id, user_id) values (lower(new.username), new.tenant_id, new.id);
  return new;
end
$$;

drop trigger if exists users_login_name_sync on users;
create trigger users_login_name_sync after insert or update or delete on users
  for each row execute function neptune_sync_login_name();

insert into login_names (username_key, tenant_id, user_id)
  select lower(username), tenant_id, id from users
  on conflict do nothing;
