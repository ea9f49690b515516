-- The staff e-mail notice of each event that calls for one (a new message or form): state, not events.
-- One row per event; each attempt updates it. No personal data: the mail's content is rebuilt from
-- the event each time, so erasing the record leaves nothing here to erase.
CREATE TABLE IF NOT EXISTS notifications (
  event_position bigint PRIMARY KEY,
  stream_id uuid NOT NULL,
  kind text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS notifications_stream_idx ON notifications (stream_id, event_position DESC);
