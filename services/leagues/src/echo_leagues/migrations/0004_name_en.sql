-- A Daily's English name (issue 24): published since 2026-12-01, absent (NULL) for the Dailies before it.
ALTER TABLE leagues_dailies ADD COLUMN IF NOT EXISTS name_en text;
