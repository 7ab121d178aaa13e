"""ghost-five rules: pure, deterministic, no I/O (work in progress)."""
