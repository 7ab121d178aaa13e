import pytest
from echo_gateway.flood_limits import limit_address
from hypothesis import given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.unit

locals_ = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789._-", min_size=1, max_size=20)
tags = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789+", max_size=10)


def test_case_and_plus_tags_name_one_mailbox() -> None:
    assert limit_address(" Victim+promo@Example.ORG ") == "victim@example.org"
    assert limit_address("victim@example.org") == "victim@example.org"
    assert limit_address("not an address") == "not an address"
    assert limit_address(None) == "none"


@settings(max_examples=200, deadline=None)
@given(locals_, tags, st.booleans())
def test_every_tagged_or_recased_variant_counts_as_the_address(local: str, tag: str, upper: bool) -> None:
    variant = f"{local}+{tag}@Mail.example" if tag else f"{local}@mail.example"
    assert limit_address(variant.upper() if upper else variant) == f"{local}@mail.example"
