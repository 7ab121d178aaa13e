"""Echo Challenge rules: pure, deterministic from a seed, no I/O."""
