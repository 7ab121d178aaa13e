"""The commit hash of §11: SHA-256 over the move's context, its canonical action and a 32-byte salt."""

from __future__ import annotations

import hashlib
import re

from .board import SEAT_LETTERS

PROTOCOL = "ghost-five/1"
SALT = re.compile(r"[0-9a-f]{64}")


def commit_hash(match_id: str, round_number: int, turn: int, seat: int, action: str, salt: str) -> str:
    text = f"{PROTOCOL}|{match_id}|{round_number}|{turn}|{SEAT_LETTERS[seat]}|{action}|{salt}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_salt(text: str) -> bool:
    return SALT.fullmatch(text) is not None
