import pytest
from echo_social.core import email_key

pytestmark = pytest.mark.unit


def test_plus_tags_and_case_share_one_letter_limit() -> None:
    """Before: `victim+1@…`, `victim+2@…` each had three letters of their own: a mailbox flooded."""
    assert email_key("victim+1@example.org") == email_key("victim@example.org") == email_key("Victim+x@Example.org")
    assert email_key("other@example.org") != email_key("victim@example.org")
