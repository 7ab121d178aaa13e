import pytest
from echo_gateway.identity import Identity, InvalidToken, TokenSigner

pytestmark = pytest.mark.unit


def test_a_token_names_its_account_and_device() -> None:
    signer = TokenSigner("secret")
    identity = Identity(account_id="acc", device_id="dev")
    assert signer.verify(signer.issue(identity)) == identity


def test_a_token_signed_with_another_secret_is_refused() -> None:
    token = TokenSigner("other").issue(Identity("acc", "dev"))
    with pytest.raises(InvalidToken):
        TokenSigner("secret").verify(token)


def test_a_tampered_token_is_refused() -> None:
    token = TokenSigner("secret").issue(Identity("acc", "dev"))
    with pytest.raises(InvalidToken):
        TokenSigner("secret").verify(token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
