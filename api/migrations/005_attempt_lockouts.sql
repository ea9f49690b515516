-- Account-wide lockouts after repeated failures of a secret (a password, a code), from whatever
-- addresses: state like the rate-limit counters, outside the log and the rebuild. `level` is how many
-- lockouts in a row the account has had (each lasts twice as long as the one before, up to a ceiling).
CREATE TABLE IF NOT EXISTS attempt_lockouts (
  key text PRIMARY KEY,
  level integer NOT NULL,
  locked_until timestamptz NOT NULL
);
