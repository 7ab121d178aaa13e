"""The Echo Challenge context: commands (orders to a game) and events (facts of a game)."""
