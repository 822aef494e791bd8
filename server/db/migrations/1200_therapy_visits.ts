// Therapy visits (issue 17): the chart of one session of IV, HBOT, PET, red light or FIR sauna,
// its dated addenda, the contraindication screens it is started on, the clinic's therapy settings,
// and for IVs the back office's recipes, stock lots and what each completed visit took from them.
// A signed visit is evidence: the database itself refuses to change it (trigger), beside the
// server's chart; addenda and stock movements are append-only.
import { type Kysely, sql } from 'kysely';

const THERAPY = `check (therapy in ('iv', 'hbot', 'pet', 'red_light', 'fir'))`;

const statements = [
  `
create table therapy_settings (
      id boolean primary key default true check (id),
      settings jsonb not null check (jsonb_typeof(settings) = 'object'),
      updated_by integer references users (id),
      updated_at timestamptz not null default now()
    )`,
  `
create table contraindication_screens (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      therapy text not null ${THERAPY},
      answers jsonb not null check (jsonb_typeof(answers) = 'object'),
      result text not null check (result in ('clear', 'relative', 'absolute')),
      notes text not null default '' check (length(notes) <= 5000),
      screened_by integer not null references users (id),
      screened_at timestamptz not null default now(),
      expires_at timestamptz not null,
      override_reason text check (override_reason is null or length(override_reason) between 1 and 2000),
      overridden_by integer references users (id),
      overridden_at timestamptz,
      check ((override_reason is null) = (overridden_by is null)),
      check (result <> 'absolute' or override_reason is null)
    )`,
  `create index contraindication_screens_client_idx on contraindication_screens (client_id, therapy, screened_at desc)`,
  `
create table iv_recipes (
      id integer generated always as identity primary key,
      name text not null unique check (length(name) between 1 and 200),
      base_fluid text not null check (length(base_fluid) between 1 and 200),
      bag_volume integer not null check (bag_volume between 25 and 2000),
      ingredients jsonb not null check (jsonb_typeof(ingredients) = 'array'),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  `
create table stock_lots (
      id integer generated always as identity primary key,
      item text not null check (length(item) between 1 and 200),
      lot_number text not null check (length(lot_number) between 1 and 100),
      expires_on date not null,
      quantity double precision not null check (quantity >= 0),
      unit text not null check (length(unit) between 1 and 20),
      low_at double precision not null default 0 check (low_at >= 0),
      created_at timestamptz not null default now(),
      unique (item, lot_number)
    )`,
  `
create table therapy_visits (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      therapy text not null ${THERAPY},
      appointment_id integer references appointments (id),
      resource_id integer references resources (id),
      staff_id integer not null references users (id),
      package_id integer references packages (id),
      status text not null default 'draft' check (status in ('draft', 'in_progress', 'completed', 'signed', 'aborted')),
      screen_id integer references contraindication_screens (id),
      vitals_before jsonb not null default '{}' check (jsonb_typeof(vitals_before) = 'object'),
      vitals_after jsonb not null default '{}' check (jsonb_typeof(vitals_after) = 'object'),
      parameters jsonb not null default '{}' check (jsonb_typeof(parameters) = 'object'),
      events jsonb not null default '[]' check (jsonb_typeof(events) = 'array'),
      adverse_events jsonb not null default '[]' check (jsonb_typeof(adverse_events) = 'array'),
      notes text not null default '' check (length(notes) <= 20000),
      vitals_override_reason text,
      vitals_override_by integer references users (id),
      abort_reason text,
      started_at timestamptz,
      completed_at timestamptz,
      signed_by integer references users (id),
      signed_at timestamptz,
      version integer not null default 1,
      created_by integer not null references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((status = 'signed') = (signed_by is not null and signed_at is not null)),
      check (status <> 'aborted' or abort_reason is not null)
    )`,
  `create index therapy_visits_client_idx on therapy_visits (client_id, therapy, created_at desc)`,
  // One visit chart per appointment.
  `create unique index therapy_visits_appointment_idx on therapy_visits (appointment_id) where appointment_id is not null`,
  `
create function refuse_signed_visit_change() returns trigger language plpgsql as $$
    begin
      if old.status = 'signed' then
        raise exception 'a signed visit is locked' using errcode = '42501';
      end if;
      return new;
    end $$`,
  `
create trigger therapy_visits_signed_locked before update or delete on therapy_visits
      for each row execute function refuse_signed_visit_change()`,
  `
create table therapy_visit_addenda (
      id integer generated always as identity primary key,
      visit_id integer not null references therapy_visits (id),
      author_id integer not null references users (id),
      text text not null check (length(text) between 1 and 10000),
      created_at timestamptz not null default now()
    )`,
  `create index therapy_visit_addenda_visit_idx on therapy_visit_addenda (visit_id, id)`,
  `
create trigger therapy_visit_addenda_append_only before update or delete on therapy_visit_addenda
      for each row execute function refuse_change_append_only()`,
  `
create table stock_movements (
      id integer generated always as identity primary key,
      lot_id integer not null references stock_lots (id),
      visit_id integer references therapy_visits (id),
      quantity double precision not null,
      created_by integer not null references users (id),
      created_at timestamptz not null default now()
    )`,
  `create index stock_movements_lot_idx on stock_movements (lot_id, id)`,
  `
create trigger stock_movements_append_only before update or delete on stock_movements
      for each row execute function refuse_change_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'stock_movements',
    'therapy_visit_addenda',
    'therapy_visits',
    'stock_lots',
    'iv_recipes',
    'contraindication_screens',
    'therapy_settings',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await sql.raw('drop function refuse_signed_visit_change()').execute(db);
}
