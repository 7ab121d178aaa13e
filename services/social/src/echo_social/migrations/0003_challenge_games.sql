-- Daily games of players, so that finishing one can be matched with the challenge links they opened.
CREATE TABLE social_daily_games (
    game_id    text PRIMARY KEY,
    account_id text NOT NULL,
    daily_date date NOT NULL
);
