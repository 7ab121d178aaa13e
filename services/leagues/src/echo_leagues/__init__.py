"""The leagues service."""
