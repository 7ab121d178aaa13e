CREATE TABLE accounts (
    account_id text PRIMARY KEY,
    device_id  text NOT NULL,
    callsign   text,
    email      text,
    email_confirmed_at timestamptz,
    created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX accounts_callsign_ci ON accounts (lower(callsign)) WHERE callsign IS NOT NULL;
