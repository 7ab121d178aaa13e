"""Refusals are values: a machine-readable code and a message in English and in Russian."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Rejection:
    code: str
    message: str
    message_ru: str

    def as_reply(self) -> dict[str, Any]:
        return {
            "ok": False,
            "error": {"code": self.code, "message": self.message, "message_ru": self.message_ru},
        }


class Refused(Exception):
    """Raised inside a command handler to abort its transaction and answer with the rejection."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.code)
        self.rejection = rejection


def refuse(code: str, message: str, message_ru: str) -> Refused:
    return Refused(Rejection(code, message, message_ru))
