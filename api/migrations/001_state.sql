-- State that is not an event: sessions, rate-limit counters, feed HTTP caches. Outside the log and the rebuild.
CREATE TABLE IF NOT EXISTS sessions (
  id text PRIMARY KEY,
  user_id uuid,
  data jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expires_idx ON sessions (expires_at);

CREATE TABLE IF NOT EXISTS rate_limits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

CREATE TABLE IF NOT EXISTS feed_http_cache (
  source_id uuid PRIMARY KEY,
  source_url text,
  feed_url text,
  etag text,
  last_modified text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
