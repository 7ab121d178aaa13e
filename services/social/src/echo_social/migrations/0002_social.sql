-- The social service's own state, written in the same transaction as the events it decides (outbox).

-- accounts: the last version on the account's subject (GuestCreated is 1), the look-alike-folded
-- callsign key (unique), the pending and the confirmed e-mail.
ALTER TABLE accounts
    ADD COLUMN version int NOT NULL DEFAULT 1,
    ADD COLUMN callsign_key text,
    ADD COLUMN pending_email text;
CREATE UNIQUE INDEX accounts_callsign_key ON accounts (callsign_key) WHERE callsign_key IS NOT NULL;
CREATE UNIQUE INDEX accounts_email_confirmed ON accounts (email) WHERE email_confirmed_at IS NOT NULL;

-- Transactional outbox: one row per event (one Batch of one envelope), published by the relay with
-- Nats-Msg-Id = event_id and marked sent after JetStream acknowledged it.
CREATE TABLE social_outbox (
    id         bigserial PRIMARY KEY,
    event_id   text NOT NULL UNIQUE,
    subject    text NOT NULL,
    stream_id  text NOT NULL,
    version    int  NOT NULL,
    event_type text NOT NULL,
    data       bytea NOT NULL,
    created_at timestamptz NOT NULL,
    sent_at    timestamptz,
    stream_seq bigint
);
CREATE INDEX social_outbox_unsent ON social_outbox (id) WHERE sent_at IS NULL;

-- One-time tokens of e-mailed links: only their SHA-256 is kept.
CREATE TABLE social_tokens (
    token_hash text PRIMARY KEY,
    purpose    text NOT NULL CHECK (purpose IN ('confirm_email', 'login')),
    account_id text NOT NULL REFERENCES accounts (account_id),
    email      text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX social_tokens_account ON social_tokens (account_id, purpose) WHERE used_at IS NULL;

-- Rate limits: one row per counted request, keyed by what is limited ('confirm:account:<id>', ...).
CREATE TABLE social_rate_hits (
    key text NOT NULL,
    at  timestamptz NOT NULL
);
CREATE INDEX social_rate_hits_key_at ON social_rate_hits (key, at);

CREATE TABLE social_friends (
    account_id text NOT NULL REFERENCES accounts (account_id),
    friend_id  text NOT NULL REFERENCES accounts (account_id),
    via        text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, friend_id),
    CHECK (account_id <> friend_id)
);
CREATE INDEX social_friends_friend ON social_friends (friend_id);

CREATE TABLE social_blocks (
    account_id text NOT NULL REFERENCES accounts (account_id),
    blocked_id text NOT NULL REFERENCES accounts (account_id),
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, blocked_id),
    CHECK (account_id <> blocked_id)
);
CREATE INDEX social_blocks_blocked ON social_blocks (blocked_id);

CREATE TABLE social_challenges (
    challenge_id text PRIMARY KEY,
    token        text NOT NULL UNIQUE,
    account_id   text NOT NULL REFERENCES accounts (account_id),
    daily_date   date NOT NULL,
    created_at   timestamptz NOT NULL,
    UNIQUE (account_id, daily_date)
);

CREATE TABLE social_challenge_players (
    challenge_id text NOT NULL REFERENCES social_challenges (challenge_id),
    account_id   text NOT NULL REFERENCES accounts (account_id),
    opened_at    timestamptz,
    played_at    timestamptz,
    PRIMARY KEY (challenge_id, account_id)
);
