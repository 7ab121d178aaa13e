import pytest
from echo_gateway.identity import Identity, InvalidToken, TokenSigner
from itsdangerous import URLSafeSerializer, URLSafeTimedSerializer

pytestmark = pytest.mark.unit

DAY = 24 * 3600
IDENTITY = Identity(account_id="acc", device_id="dev", session_id="s1")


def test_a_token_names_its_account_device_and_session() -> None:
    signer = TokenSigner("secret", max_age_seconds=DAY)
    assert signer.verify(signer.issue(IDENTITY)).identity == IDENTITY


def test_a_token_signed_with_another_secret_is_refused() -> None:
    token = TokenSigner("other", max_age_seconds=DAY).issue(IDENTITY)
    with pytest.raises(InvalidToken):
        TokenSigner("secret", max_age_seconds=DAY).verify(token)


def test_a_tampered_token_is_refused() -> None:
    token = TokenSigner("secret", max_age_seconds=DAY).issue(IDENTITY)
    with pytest.raises(InvalidToken):
        TokenSigner("secret", max_age_seconds=DAY).verify(token[:-2] + ("AA" if not token.endswith("AA") else "BB"))


def test_a_token_older_than_its_lifetime_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    signer = TokenSigner("secret", max_age_seconds=DAY)
    token = signer.issue(IDENTITY)
    import itsdangerous.timed

    now = itsdangerous.timed.time.time()
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: now + DAY + 5)
    with pytest.raises(InvalidToken, match="expired"):
        signer.verify(token)


@pytest.mark.parametrize("account", ["*", ">", "a.b", "a b", "", "x" * 65, "é"])
def test_a_rightly_signed_token_for_an_account_no_server_could_make_is_refused(account: str) -> None:
    """A forged token for `*` or `>` received every player's updates: its account named a NATS wildcard."""
    forged = URLSafeTimedSerializer("secret", salt="echo.session.v2").dumps({"a": account, "d": "d", "s": "s"})
    with pytest.raises(InvalidToken, match="malformed"):
        TokenSigner("secret", max_age_seconds=DAY).verify(forged)


def test_a_token_of_the_first_format_is_not_accepted() -> None:
    """Issue 35, point 7: the undated first format never expired; nothing reads it any more."""
    legacy = URLSafeSerializer("secret", salt="echo.session.v1").dumps({"a": "acc", "d": "dev"})
    signer = TokenSigner("secret", max_age_seconds=DAY)
    with pytest.raises(InvalidToken):
        signer.verify(legacy)
