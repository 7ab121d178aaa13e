"""The daily service."""
