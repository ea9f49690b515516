-- The event log: the source of truth. Read tables are projections of it.
CREATE TABLE IF NOT EXISTS events (
  position bigserial PRIMARY KEY,
  stream_id uuid NOT NULL,
  stream_version integer NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
);
CREATE INDEX IF NOT EXISTS events_type_idx ON events (type, position DESC);
CREATE INDEX IF NOT EXISTS events_actor_idx ON events ((metadata->'actor'->>'id'), position DESC);
