"""What others see of a player: his callsign, or a stable generated one until he takes one."""

from __future__ import annotations

import hashlib
import re

GENERATED_PREFIXES = ("Эхонавт", "Echonaut")  # the Russian name, and how the English page writes it


def generated_number(account_id: str) -> int:
    """Four digits from the account id, the same on every machine and every run."""
    digest = hashlib.blake2b(account_id.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % 9000 + 1000


def generated_callsign(account_id: str) -> str:
    """«Эхонавт-1234»."""
    return f"Эхонавт-{generated_number(account_id)}"


def generated_number_in(query: str) -> int | None:
    """The number of a generated name as typed («эхонавт-8289», «Echonaut 8289»), else None."""
    match = re.fullmatch(rf"\s*(?:{'|'.join(GENERATED_PREFIXES)})[\s_-]*(\d{{4}})\s*", query, re.IGNORECASE)
    return int(match.group(1)) if match else None


def display_callsign(account_id: str, callsign: str | None) -> str:
    return callsign or generated_callsign(account_id)
