-- A notice being handed to the mail server right now. Taken before the send and let go once its
-- outcome is stored, so an instance that takes the notices over (the lock of the one sending was lost
-- with its connection) waits instead of sending the same mail again; a claim whose holder died runs out
-- at `until`. State, not events: nothing here outlives the send.
CREATE TABLE IF NOT EXISTS notice_sends (
  event_position bigint PRIMARY KEY,
  until timestamptz NOT NULL
);
