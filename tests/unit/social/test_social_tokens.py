"""One-time tokens: unguessable, hashed at rest, expiring, single-use; e-mail normal form; masking."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from echo_events.social import mask_email
from echo_social.domain import email, tokens
from echo_social.domain.rejections import Rejection

pytestmark = pytest.mark.unit

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def test_tokens_are_long_random_and_url_safe() -> None:
    many = {tokens.new_token() for _ in range(1000)}
    assert len(many) == 1000
    assert all(len(t) >= 43 and t.replace("-", "").replace("_", "").isalnum() for t in many)


def test_only_a_hash_is_stored_and_it_is_deterministic() -> None:
    issued = tokens.issue(NOW, timedelta(minutes=15), token="fixed-token-for-test")
    assert issued.token_hash == tokens.hash_token("fixed-token-for-test")
    assert issued.token not in issued.token_hash and len(issued.token_hash) == 64
    assert issued.expires_at == NOW + timedelta(minutes=15)
    assert tokens.hash_token("a") != tokens.hash_token("b")


def test_verdicts() -> None:
    expires = NOW + timedelta(minutes=15)
    assert tokens.verdict(found=True, used_at=None, expires_at=expires, now=NOW) is None
    assert (
        tokens.verdict(found=True, used_at=None, expires_at=expires, now=expires - timedelta(seconds=1))
        is None
    )
    assert tokens.verdict(found=True, used_at=None, expires_at=expires, now=expires) is tokens.EXPIRED
    assert tokens.verdict(found=True, used_at=NOW, expires_at=expires, now=NOW) is tokens.USED
    assert tokens.verdict(found=False, used_at=None, expires_at=None, now=NOW) is tokens.INVALID
    for rejection in (tokens.EXPIRED, tokens.USED, tokens.INVALID):
        assert rejection.message and rejection.message_ru


@pytest.mark.parametrize(
    ("raw", "normal"),
    [
        ("Vasya@Example.COM", "vasya@example.com"),
        ("  a.b+tag@mail.example.org ", "a.b+tag@mail.example.org"),
    ],
)
def test_email_normal_form(raw: str, normal: str) -> None:
    assert email.normalize(raw) == normal


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "vasya",
        "vasya@",
        "@example.com",
        "a@b",
        "a b@example.com",
        "a..b@example.com",
        ".a@example.com",
        "a.@example.com",
        "a@-x.com",
        "a@example..com",
        "x" * 65 + "@example.com",
        "вася@пример.рф",
    ],
)
def test_bad_emails(raw: str) -> None:
    assert isinstance(email.normalize(raw), Rejection)


def test_masked_email_hides_the_address() -> None:
    assert mask_email("vasya@example.com") == "v***@example.com"
