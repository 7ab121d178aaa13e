"""The social service."""
