-- Finished table games of every kind (a projection of the GAMES stream): each player's history.
CREATE TABLE engine_table_games (
    game_id     text PRIMARY KEY,
    kind        text NOT NULL,
    outcome     text NOT NULL,
    finished_at timestamptz NOT NULL,
    rounds      jsonb
);
-- One row per seat that had a part in the game (a bot's seat too); kind and time repeated for the index.
CREATE TABLE engine_table_seats (
    game_id     text NOT NULL REFERENCES engine_table_games ON DELETE CASCADE,
    seat        int  NOT NULL,
    account_id  text NOT NULL,
    bot         text,
    result      text,
    score       int,
    kind        text NOT NULL,
    finished_at timestamptz NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX engine_table_seats_account ON engine_table_seats (account_id, finished_at DESC);

-- What the engine shows of an account (a projection of the ACCOUNTS stream): its callsign.
CREATE TABLE engine_accounts (
    account_id text PRIMARY KEY,
    callsign   text
);

-- Ghost Five's rating (Elo): every rated match in stream order, and each account's standing after them, with
-- when it registered (its first confirmed e-mail: «Лидеры»' last tie-break). The index is «Лидеры»' order.
CREATE TABLE ghost_rated_matches (
    sequence             bigint PRIMARY KEY,
    game_id              text NOT NULL UNIQUE,
    winner               text NOT NULL,
    loser                text NOT NULL,
    winner_registered_at timestamptz NOT NULL,
    loser_registered_at  timestamptz NOT NULL,
    finished_at          timestamptz NOT NULL
);
CREATE TABLE ghost_ratings (
    account_id    text PRIMARY KEY,
    rating        int NOT NULL,
    matches       int NOT NULL,
    wins          int NOT NULL,
    registered_at timestamptz NOT NULL
);
CREATE INDEX ghost_ratings_board ON ghost_ratings (rating DESC, matches DESC, registered_at, account_id)
    WHERE matches >= 5;
