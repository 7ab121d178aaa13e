-- One table at a time (rules with `occupies`, Ark): the table of each kind an account last sat down at.
-- Only a hint: whether it still holds him is his seat's state in that game, asked of its rules.
CREATE TABLE engine_occupancy (
    account_id text NOT NULL,
    kind       text NOT NULL,
    game_id    text NOT NULL,
    PRIMARY KEY (account_id, kind)
);
