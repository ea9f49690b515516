-- What the sessions list shows of each session (its sign-in's stream id, device, address, times),
-- devices a user has signed in from (a new one is noticed), and authenticator-app codes already used.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS sign_in_id uuid;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS user_agent text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS address text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS sessions_sign_in_idx ON sessions (sign_in_id);

CREATE TABLE IF NOT EXISTS known_devices (
  user_id uuid NOT NULL,
  device_id text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_id)
);

-- One row per (user, 30-second step) whose code was accepted: a code works once, even within its window.
CREATE TABLE IF NOT EXISTS totp_used_steps (
  user_id uuid NOT NULL,
  step bigint NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, step)
);
