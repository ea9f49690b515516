-- Staff's internal notes on a contact message, in order: [{ text, at, author }].
ALTER TABLE contact_messages ADD COLUMN IF NOT EXISTS notes jsonb NOT NULL DEFAULT '[]';
CREATE INDEX IF NOT EXISTS contact_messages_status_idx ON contact_messages (status, created_at DESC);
