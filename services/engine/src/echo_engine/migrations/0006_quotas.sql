-- Quotas on what one account adds to GAMES (echo_engine.quotas): the tables it opened in the last day
-- (`waiting`: still in its lobby when last looked at), and the Tutorials it started.
CREATE TABLE engine_tables_opened (
    game_id    text PRIMARY KEY,
    account_id text NOT NULL,
    kind       text NOT NULL,
    command_id text NOT NULL,
    opened_at  timestamptz NOT NULL,
    waiting    boolean NOT NULL
);
CREATE INDEX engine_tables_opened_by_account ON engine_tables_opened (account_id, kind, opened_at);

CREATE TABLE engine_tutorials (
    game_id    text PRIMARY KEY,
    account_id text NOT NULL,
    command_id text NOT NULL,
    msk_date   date NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX engine_tutorials_by_account ON engine_tutorials (account_id, started_at);
