"""Echo Challenge rules (moving here from the engine)."""
