-- The salt of a Daily's seed commitment (issue 17.8): published with the seed in the Day results.
ALTER TABLE leagues_dailies ADD COLUMN IF NOT EXISTS seed_salt text;
