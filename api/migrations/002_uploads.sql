-- Photo uploads of the advance form: not events (docs/rules.md, 'State that is not an event'). A row is
-- made when an upload URL is handed out; `claimed_at` makes that URL single-use across instances;
-- `stored_at` says the cleaned photo and its reduced PDF copy are in storage.
CREATE TABLE IF NOT EXISTS uploads (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  claimed_at timestamptz,
  stored_at timestamptz,
  content_type text,
  size_bytes integer
);
CREATE INDEX IF NOT EXISTS uploads_created_idx ON uploads (created_at);
