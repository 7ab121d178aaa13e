"""The contract: events, commands, envelope, subjects, schema versions. No I/O."""
