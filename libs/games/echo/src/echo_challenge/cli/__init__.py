"""Command-line entry points (echo-challenge.md §22): thin shells over the pure rules."""
