-- The leagues service's projections (echo-challenge.md §15-§18). Every row is derived from the event streams and can
-- be rebuilt from them (`python -m echo_leagues.rebuild`); positions live in `projection_positions`.

-- Account facts from ACCOUNTS: callsign and e-mail confirmation (the social service decides them).
CREATE TABLE leagues_accounts (
    account_id     text PRIMARY KEY,
    callsign       text,
    confirmed_at   timestamptz,
    confirmed_week date           -- the Monday of the MSK week of the confirmation: games from it on count
);

-- Dailies from DAILY. The seed is internal: it leaves the service only after `closed_at` is set.
CREATE TABLE leagues_dailies (
    daily_id   text PRIMARY KEY,
    league     text NOT NULL,
    day        date NOT NULL,
    number     int  NOT NULL,
    name_ru    text NOT NULL,
    preset_id  text NOT NULL,
    seed       bigint NOT NULL,
    special    jsonb,
    opens_at   timestamptz NOT NULL,
    closes_at  timestamptz NOT NULL,
    closed_at  timestamptz
);
CREATE UNIQUE INDEX leagues_dailies_league_day ON leagues_dailies (league, day);
-- A DailyClosed may be applied before its DailyPublished (two consumers); it waits here.
CREATE TABLE leagues_daily_closures (
    daily_id  text PRIMARY KEY,
    closed_at timestamptz NOT NULL
);

-- Daily games from GAMES: one row per game of mode daily, from GameCreated; results from GameFinished.
-- Counted = finished with at least one Credit (credits > 0 only once finished). `in_chart`: the owner's
-- e-mail was confirmed in this game's week or before (echo-challenge.md §15: confirming brings that week's games in).
CREATE TABLE leagues_games (
    game_id     text PRIMARY KEY,
    account_id  text NOT NULL,
    daily_id    text NOT NULL,
    league      text NOT NULL,
    day         date NOT NULL,
    week_start  date NOT NULL,
    started_at  timestamptz NOT NULL,
    status      text NOT NULL DEFAULT 'live',
    finished_at timestamptz,
    credits     int NOT NULL DEFAULT 0,
    clean       int NOT NULL DEFAULT 0,
    lossy       int NOT NULL DEFAULT 0,
    orders      int NOT NULL DEFAULT 0,
    ticks       int NOT NULL DEFAULT 0,
    in_chart    boolean NOT NULL DEFAULT false
);
-- The chart order (echo-challenge.md §16): more Credits, more clean openings, fewer ticks, earlier finish; all
-- ascending here so that a row comparison finds everyone ahead of a game.
CREATE INDEX leagues_games_chart ON leagues_games
    (league, day, (-credits), (-clean), ticks, finished_at, game_id) WHERE in_chart AND credits > 0;
-- How many games of each Credit total are in each Chart: the Chart's size and most of a place come from
-- these few hundred rows, not from counting a million index entries (one row per game entering a Chart).
CREATE TABLE leagues_chart_counts (
    league  text NOT NULL,
    day     date NOT NULL,
    credits int  NOT NULL,
    n       int  NOT NULL,
    PRIMARY KEY (league, day, credits)
);
CREATE INDEX leagues_games_account ON leagues_games (account_id, week_start);
CREATE INDEX leagues_games_live ON leagues_games (week_start) WHERE status = 'live';

-- League week groups: a player joins his league's group with his first counted in-chart Daily of the
-- week (at `join_at`, the later of that game's finish and his confirmation). Groups of 10 fill in join
-- order: `pos` is the 1-based join order within (week, league), `group_no` = (pos - 1) / 10.
CREATE TABLE leagues_members (
    week_start date NOT NULL,
    account_id text NOT NULL,
    league     text NOT NULL,
    join_at    timestamptz NOT NULL,
    pos        int NOT NULL,
    group_no   int NOT NULL,
    PRIMARY KEY (week_start, account_id)
);
CREATE INDEX leagues_members_order ON leagues_members (week_start, league, join_at, account_id);
CREATE INDEX leagues_members_group ON leagues_members (week_start, league, group_no);
CREATE INDEX leagues_members_pos ON leagues_members (week_start, league, pos);

-- Weeks closed by LeagueWeekClosed; settled once no game of the week is live any more.
CREATE TABLE leagues_weeks (
    week_start date PRIMARY KEY,
    week_end   date NOT NULL,
    closed_at  timestamptz NOT NULL,
    settled    boolean NOT NULL DEFAULT false
);

-- Final standings of each group of a settled week, and where each player goes.
CREATE TABLE leagues_results (
    week_start   date NOT NULL,
    account_id   text NOT NULL,
    league       text NOT NULL,
    group_no     int NOT NULL,
    group_size   int NOT NULL,
    place        int NOT NULL,
    credits      int NOT NULL,
    league_after text NOT NULL,
    PRIMARY KEY (week_start, account_id)
);
CREATE INDEX leagues_results_group ON leagues_results (week_start, league, group_no, place);

-- Each player's league now, and the week he entered it (no row: Bronze, where everyone starts).
CREATE TABLE leagues_players (
    account_id text PRIMARY KEY,
    league     text NOT NULL,
    since_week date NOT NULL
);
