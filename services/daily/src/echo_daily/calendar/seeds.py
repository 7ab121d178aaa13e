"""The secret game seed of a (date, league) Daily (echo-challenge.md §13, §17: every league has its own seed)."""

from __future__ import annotations

from datetime import date

from .keyed import keyed_digest, keyed_int
from .leagues import League

SEED_BITS = 63


def daily_seed(secret: bytes, day: date, league: League) -> int:
    """A 63-bit seed, HMAC-SHA256(secret, day, league): fixed for the pair, different across leagues and
    days, and not derivable from the date without the server secret."""
    return keyed_int(secret, "seed", day.isoformat(), League(league).value, bits=SEED_BITS)


def seed_salt(secret: bytes, day: date, league: League) -> str:
    """The salt of a Daily's seed commitment (128 bits, hex): secret like the seed, published with it once
    the Daily has closed (echo_events.daily.seed_commitment)."""
    return keyed_digest(secret, "seed-salt", day.isoformat(), League(league).value)[:16].hex()
