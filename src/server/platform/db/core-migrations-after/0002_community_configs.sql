-- Per-community configuration documents of the community administration calls (spec §7):
-- kind 'param' (getCommunityParamConfig / setCommunityParamConfig), 'dad' (setDadCommunityConfig /
-- getDadCommunityConfig / syncDadDate) and 'xiChengHealthCode' (setXiChengHealthCodeConfig).
-- Applied after generated/migrations: it references communities, and goes with the community.

create table if not exists community_configs (
  tenant_id bigint not null,
  community_id bigint not null,
  kind varchar(32) not null,
  config jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by bigint,
  primary key (tenant_id, community_id, kind),
  constraint community_configs_community_id_fk foreign key (tenant_id, community_id)
    references communities (tenant_id, id) on delete cascade
);
