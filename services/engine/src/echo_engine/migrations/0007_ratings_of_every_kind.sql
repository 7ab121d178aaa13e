-- The rating projection is every rated game kind's (echo_engine.ratings): each rated match and each account's
-- standing carry their kind, and a kind's «Лидеры» is read by its index. The rows already there are Ghost
-- Five's, the one rated kind until now.
ALTER TABLE ghost_rated_matches RENAME TO rated_matches;
ALTER TABLE rated_matches RENAME CONSTRAINT ghost_rated_matches_pkey TO rated_matches_pkey;
ALTER TABLE rated_matches RENAME CONSTRAINT ghost_rated_matches_game_id_key TO rated_matches_game_id_key;
ALTER TABLE rated_matches ADD COLUMN kind text NOT NULL DEFAULT 'ghost_five';
CREATE INDEX rated_matches_in_order ON rated_matches (kind, sequence);

ALTER TABLE ghost_ratings RENAME TO ratings;
ALTER TABLE ratings ADD COLUMN kind text NOT NULL DEFAULT 'ghost_five';
ALTER TABLE ratings DROP CONSTRAINT ghost_ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (kind, account_id);
DROP INDEX ghost_ratings_board;
CREATE INDEX ratings_board ON ratings (kind, rating DESC, matches DESC, registered_at, account_id)
    WHERE matches >= 5;

-- Migrations run while the previous engine still serves, and it reads and writes Ghost Five's tables by their
-- old names: until it is gone they are these views of Ghost Five's rows, writable (the kinds' defaults above
-- file its rows under Ghost Five), with the one-kind key its upsert names (ON CONFLICT (account_id)). A later
-- release drops the views, the defaults and ratings_one_kind, before a second kind is rated.
ALTER TABLE ratings ADD CONSTRAINT ratings_one_kind UNIQUE (account_id);
CREATE VIEW ghost_rated_matches AS
    SELECT sequence, game_id, winner, loser, winner_registered_at, loser_registered_at, finished_at
    FROM rated_matches WHERE kind = 'ghost_five';
CREATE VIEW ghost_ratings AS
    SELECT account_id, rating, matches, wins, registered_at FROM ratings WHERE kind = 'ghost_five';
