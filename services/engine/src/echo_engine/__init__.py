"""The engine service."""
