-- A player's games (a projection of the GAMES stream): what the game list and the best Free results read.
CREATE TABLE engine_games (
    game_id     text PRIMARY KEY,
    account_id  text NOT NULL,
    mode        text NOT NULL,
    preset_id   text NOT NULL,
    daily_id    text,
    msk_date    date NOT NULL,
    status      text NOT NULL DEFAULT 'live',
    credits     int  NOT NULL DEFAULT 0,
    ticks       int  NOT NULL DEFAULT 0,
    clean       int  NOT NULL DEFAULT 0,
    lossy       int  NOT NULL DEFAULT 0,
    orders      int  NOT NULL DEFAULT 0,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz
);
CREATE INDEX engine_games_account ON engine_games (account_id, started_at DESC);
