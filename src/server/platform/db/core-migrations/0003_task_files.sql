-- Files the background tasks make (Excel exports of lists; src/server/excel), downloaded once the
-- task is done. One file per task, removed with its task.
create table if not exists task_files (
  task_id bigint primary key references tasks (id) on delete cascade,
  tenant_id bigint not null,
  file_name varchar(200) not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
create index if not exists task_files_tenant_idx on task_files (tenant_id, created_at desc);
