-- How far the sending device's clock was from the server's (ms, positive: ahead) for the version shown;
-- null when not known. A form is never refused for it: the detail screen and the PDF point it out.
ALTER TABLE advance_forms ADD COLUMN IF NOT EXISTS device_clock_skew_ms bigint;
