import pytest
from echo_events.play import updates_subject

pytestmark = pytest.mark.unit


def test_an_account_id_names_its_own_updates_subject() -> None:
    assert updates_subject("9f0c_A-1") == "echo.updates.9f0c_A-1"


@pytest.mark.parametrize("account", ["*", ">", "a.>", "a.b", "", "a b", "x" * 65])
def test_a_string_that_is_not_an_account_id_never_becomes_a_subject(account: str) -> None:
    with pytest.raises(ValueError, match="not an account id"):
        updates_subject(account)
