"""What others see of a player: his callsign, or a stable generated one until he takes one."""

from __future__ import annotations

import hashlib


def generated_callsign(account_id: str) -> str:
    """«Эхонавт-1234»: four digits from the account id, the same on every machine and every run."""
    digest = hashlib.blake2b(account_id.encode(), digest_size=8).digest()
    return f"Эхонавт-{int.from_bytes(digest, 'big') % 9000 + 1000}"


def display_callsign(account_id: str, callsign: str | None) -> str:
    return callsign or generated_callsign(account_id)
