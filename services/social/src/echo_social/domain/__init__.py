"""The social service's pure rules: callsigns, e-mail addresses, tokens, refusals. No I/O here."""
