-- Second factors, forced password change and notice address of staff accounts; their passkeys; the
-- staff security settings. All projected from the log (rebuilt with the other read tables).
ALTER TABLE users ADD COLUMN IF NOT EXISTS totp_secret text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS recovery_code_hashes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE users ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN IF NOT EXISTS notice_email text;

CREATE TABLE IF NOT EXISTS user_passkeys (
  credential_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports jsonb NOT NULL DEFAULT '[]',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS user_passkeys_user_idx ON user_passkeys (user_id);

CREATE TABLE IF NOT EXISTS security_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  require_second_factor boolean NOT NULL DEFAULT false
);
