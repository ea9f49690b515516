-- Subscriptions on the log: each processor's checkpoint, the events whose handling failed and waits
-- for a retry, and a wake-up call on every append.

-- The transaction that wrote each event. Positions come from a sequence, so a transaction that
-- started first may commit after a later position is visible; a subscription reads only events of
-- transactions older than every one of this database still running, and so never skips a position.
ALTER TABLE events ADD COLUMN IF NOT EXISTS transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE TABLE IF NOT EXISTS subscription_checkpoints (
  processor text PRIMARY KEY,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An event a processor failed to handle: retried with backoff while later events go on.
CREATE TABLE IF NOT EXISTS subscription_retries (
  processor text NOT NULL,
  position bigint NOT NULL,
  attempts integer NOT NULL,
  first_failed_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL,
  last_error text NOT NULL,
  PRIMARY KEY (processor, position)
);
CREATE INDEX IF NOT EXISTS subscription_retries_due_idx ON subscription_retries (processor, next_attempt_at);

-- Every committed append wakes the subscribers (PostgreSQL delivers NOTIFY at commit, once per
-- transaction for the same payload).
CREATE OR REPLACE FUNCTION notify_events_appended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('events_appended', '');
  RETURN NULL;
END;
$$;
DROP TRIGGER IF EXISTS events_appended ON events;
CREATE TRIGGER events_appended AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_events_appended();
