"""Rejections are values (the rules' codes, plus `bad_command` for arkctl's own parse errors)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Code = Literal[
    "not_owner", "not_in_room", "already_in_game", "room_full", "kicked", "game_started", "too_few_players",
    "not_all_ready", "bad_settings", "bad_nickname", "nickname_taken",
    "nickname_reserved", "wrong_phase", "not_your_turn",
    "not_your_card", "card_already_revealed", "profession_first", "already_voted", "bad_target", "not_a_voter",
    "card_not_usable", "not_stalled", "stale_timer", "room_closed", "muted", "chat_too_fast", "bad_command",
]


@dataclass(frozen=True, slots=True)
class Rejection:
    code: Code
    message: str
