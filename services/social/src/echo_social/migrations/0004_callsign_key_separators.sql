-- Separators do not make a callsign different (domain/callsign.py): «Орбита_12», «Орбита12» and «Орбита-12»
-- are one. The keys taken before are re-keyed without '_' and '-'. Where two callsigns fold into one key
-- (possible only among those taken before), the earliest account keeps the key and the others keep their
-- callsign under a key of their own, so nobody loses a name and no new one can take it.
DROP INDEX accounts_callsign_key;
WITH folded AS (
    SELECT account_id,
           translate(callsign_key, '_-', '') AS key,
           row_number() OVER (PARTITION BY translate(callsign_key, '_-', '') ORDER BY created_at, account_id) AS nth
      FROM accounts
     WHERE callsign_key IS NOT NULL
)
UPDATE accounts a
   SET callsign_key = CASE WHEN f.nth = 1 THEN f.key ELSE f.key || '#' || a.account_id END
  FROM folded f
 WHERE a.account_id = f.account_id;
CREATE UNIQUE INDEX accounts_callsign_key ON accounts (callsign_key) WHERE callsign_key IS NOT NULL;
