-- The rating projection is every rated game kind's (echo_engine.ratings): each rated match and each account's
-- standing carry their kind, and a kind's «Лидеры» is read by its index. The rows already there are Ghost
-- Five's, the one rated kind until now.
ALTER TABLE ghost_rated_matches RENAME TO rated_matches;
ALTER TABLE rated_matches RENAME CONSTRAINT ghost_rated_matches_pkey TO rated_matches_pkey;
ALTER TABLE rated_matches RENAME CONSTRAINT ghost_rated_matches_game_id_key TO rated_matches_game_id_key;
ALTER TABLE rated_matches ADD COLUMN kind text NOT NULL DEFAULT 'ghost_five';
ALTER TABLE rated_matches ALTER COLUMN kind DROP DEFAULT;
CREATE INDEX rated_matches_in_order ON rated_matches (kind, sequence);

ALTER TABLE ghost_ratings RENAME TO ratings;
ALTER TABLE ratings ADD COLUMN kind text NOT NULL DEFAULT 'ghost_five';
ALTER TABLE ratings ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE ratings DROP CONSTRAINT ghost_ratings_pkey;
ALTER TABLE ratings ADD PRIMARY KEY (kind, account_id);
DROP INDEX ghost_ratings_board;
CREATE INDEX ratings_board ON ratings (kind, rating DESC, matches DESC, registered_at, account_id)
    WHERE matches >= 5;
