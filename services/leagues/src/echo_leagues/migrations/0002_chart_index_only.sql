-- A player's place counts the games ahead of his on the same Credits (a few thousand index entries in a
-- Chart of a million). The chart index names its columns as expressions (-credits, -clean), so PostgreSQL
-- could not answer that count from the index alone and read every game's row (4.6 ms at 1 000 000 players);
-- with the plain columns INCLUDEd it counts from the index only (1.5 ms).
CREATE INDEX leagues_games_chart_v2 ON leagues_games
    (league, day, (-credits), (-clean), ticks, finished_at, game_id) INCLUDE (credits, clean, in_chart)
    WHERE in_chart AND credits > 0;
DROP INDEX leagues_games_chart;
ALTER INDEX leagues_games_chart_v2 RENAME TO leagues_games_chart;
