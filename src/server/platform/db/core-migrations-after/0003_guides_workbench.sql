-- Guides, workbench and tracking (src/server/modules/promotion-positions.ts, tracking.ts,
-- questionnaire.ts, workbench-layout.ts). Applied after generated/migrations: it needs their tables.

-- PUT /api/crain/help/web/promotionPositions/actions/silent: a user closed the banner of a position.
-- The banner stays closed for that user until an advert of the position is added or changed after
-- silenced_at. Not a schema resource: the demo filler would silence banners of demo users.
create table if not exists advert_silences (
  tenant_id bigint not null,
  user_id bigint not null,
  position_code varchar(16) not null,
  silenced_at timestamptz not null default now(),
  primary key (tenant_id, user_id, position_code),
  constraint advert_silences_user_id_fk foreign key (tenant_id, user_id)
    references users (tenant_id, id) on delete cascade
);

-- What users leave behind must not stop their deletion (the generic delete answers 409 REFERENCED
-- while a row references the user): tracking rows and answer sheets keep their data with the user
-- cleared (only the user column: tenant_id stays), a user's saved workbench layouts go with it.
alter table click_records drop constraint if exists click_records_user_id_fk;
alter table click_records add constraint click_records_user_id_fk foreign key (tenant_id, user_id)
  references users (tenant_id, id) on delete set null (user_id);
alter table tracking_clients drop constraint if exists tracking_clients_user_id_fk;
alter table tracking_clients add constraint tracking_clients_user_id_fk foreign key (tenant_id, user_id)
  references users (tenant_id, id) on delete set null (user_id);
alter table questionnaire_answers drop constraint if exists questionnaire_answers_user_id_fk;
alter table questionnaire_answers add constraint questionnaire_answers_user_id_fk foreign key (tenant_id, user_id)
  references users (tenant_id, id) on delete set null (user_id);
alter table workbench_layouts drop constraint if exists workbench_layouts_user_id_fk;
alter table workbench_layouts add constraint workbench_layouts_user_id_fk foreign key (tenant_id, user_id)
  references users (tenant_id, id) on delete cascade;
