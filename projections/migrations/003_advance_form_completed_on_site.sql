-- When a form was completed on site, by the device's clock: a form saved with no signal reaches the
-- server later, and created_at is the server's time of arrival. Null for forms sent without it.
ALTER TABLE advance_forms ADD COLUMN IF NOT EXISTS completed_on_site_at timestamptz;
