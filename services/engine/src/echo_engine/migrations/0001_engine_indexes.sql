-- Lookups the engine cannot make from game subjects alone. JetStream stays the source of truth:
-- these rows only point at game subjects.
CREATE TABLE engine_daily_games (
    game_id    text PRIMARY KEY,
    daily_id   text NOT NULL,
    account_id text NOT NULL
);
CREATE INDEX engine_daily_games_daily ON engine_daily_games (daily_id);

CREATE TABLE engine_free_current (
    account_id text PRIMARY KEY,
    game_id    text NOT NULL
);
