-- Quick pairing's waiting list, shared by every engine replica: one row per account and game kind, waiting
-- (game_id null) or paired (the table it was given, kept so that a retry of the same command finds it).
CREATE TABLE engine_pairing (
    kind       text NOT NULL,
    account_id text NOT NULL,
    command_id text NOT NULL,
    settings   jsonb NOT NULL,
    rating     int  NOT NULL,
    since      timestamptz NOT NULL,
    game_id    text,
    PRIMARY KEY (kind, account_id)
);
CREATE INDEX engine_pairing_waiting ON engine_pairing (kind, since) WHERE game_id IS NULL;
