"""Base classes of the contract: every event and command is a frozen pydantic v2 model."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict


class Message(BaseModel):
    """A frozen, strict-shaped message: unknown fields are refused, nothing can be mutated."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Event(Message):
    """A fact, named in the past tense. `event_type` and `schema_version` are set by `@event`."""

    event_type: ClassVar[str]
    schema_version: ClassVar[int]


class Command(Message):
    """An order, named in the imperative. `command_type` is set by `@command`."""

    command_type: ClassVar[str]
