"""Fixtures of the social service's integration tests (see tests/support/social.py)."""

from tests.support.social import env  # noqa: F401 - the fixture, for every test in this folder
