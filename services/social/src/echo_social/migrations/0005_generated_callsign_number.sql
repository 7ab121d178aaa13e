-- A player without a callsign is shown as «Эхонавт-1234» (echo_events.callsigns): four digits from a hash of
-- his account id that SQL cannot compute. They are kept here so that the name others see can be searched.
-- New rows get it on insert; rows from before are filled by the housekeeping sweep.
ALTER TABLE accounts ADD COLUMN generated_no smallint;
CREATE INDEX accounts_generated_no ON accounts (generated_no) WHERE callsign_key IS NULL;
