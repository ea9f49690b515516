-- The wake-up call names the event types the statement appended ('NewsArticleCreated,...'), so a
-- processor wakes only for the types it handles: a stream of news writes does not wake the staff
-- notices. An empty payload (from an older trigger, or a test) still wakes every processor.
CREATE OR REPLACE FUNCTION notify_events_appended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('events_appended', coalesce((SELECT string_agg(DISTINCT type, ',') FROM appended), ''));
  RETURN NULL;
END;
$$;
DROP TRIGGER IF EXISTS events_appended ON events;
CREATE TRIGGER events_appended AFTER INSERT ON events REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION notify_events_appended();
