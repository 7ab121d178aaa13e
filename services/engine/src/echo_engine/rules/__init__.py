"""Rules packages, one per game: pure decide/evolve, field generation and client views."""
