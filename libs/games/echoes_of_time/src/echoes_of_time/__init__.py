"""echoes-of-time rules: pure, deterministic, no I/O (work in progress)."""
