-- The 'Resumen' screen's read tables (docs/summary.md): one row per contact message (a lead, and its
-- first answer), per advance form and per feed import run, each with the Costa Rican week (its Monday)
-- it counts in; and the response target an admin set. All projected from the log and rebuilt with the
-- other read tables. Erased records have no row: their events no longer say what they were.
CREATE TABLE IF NOT EXISTS summary_contacts (
  id uuid PRIMARY KEY,
  week date NOT NULL,
  language text NOT NULL,
  received_at timestamptz NOT NULL,
  answered_at timestamptz
);
CREATE INDEX IF NOT EXISTS summary_contacts_week_idx ON summary_contacts (week);

CREATE TABLE IF NOT EXISTS summary_advance_forms (
  id uuid PRIMARY KEY,
  week date NOT NULL,
  public boolean NOT NULL,
  language text NOT NULL,
  received_at timestamptz NOT NULL,
  -- How long the form waited on the device between its last save and its sending; null when it was not
  -- sent through the device's queue of drafts.
  field_delay_ms bigint
);
CREATE INDEX IF NOT EXISTS summary_advance_forms_week_idx ON summary_advance_forms (week);

CREATE TABLE IF NOT EXISTS summary_feed_runs (
  position bigint PRIMARY KEY,
  source_id uuid NOT NULL,
  week date NOT NULL,
  at timestamptz NOT NULL,
  fetched integer NOT NULL,
  created integer NOT NULL,
  filtered integer NOT NULL,
  failed integer NOT NULL,
  error text
);
CREATE INDEX IF NOT EXISTS summary_feed_runs_week_idx ON summary_feed_runs (week);

CREATE TABLE IF NOT EXISTS summary_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  response_target_hours integer NOT NULL
);

-- An admin's choice of the weekly summary by e-mail.
ALTER TABLE users ADD COLUMN IF NOT EXISTS weekly_summary boolean NOT NULL DEFAULT false;
