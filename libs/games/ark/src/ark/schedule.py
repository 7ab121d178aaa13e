"""The exile schedule: ⌊N/2⌋ Ark places, the other players exiled over rounds 2–5."""

from __future__ import annotations

ROUNDS = 5


def ark_places(players: int) -> int:
    return players // 2


def exiles_in_round(players: int, round_number: int) -> int:
    """Round 1 never exiles; rounds 2–5 get ⌊E/4⌋ each and the last (E mod 4) of them one more."""
    if round_number == 1:
        return 0
    exiles = players - ark_places(players)
    base, extra = divmod(exiles, 4)
    return base + (1 if round_number - 2 >= 4 - extra else 0)
