"""Command-line entry points (spec §22): thin shells over the pure rules."""
