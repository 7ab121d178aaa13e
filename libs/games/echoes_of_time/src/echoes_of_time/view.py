"""`view(state, seat)`: the public state plus what that seat alone may see (its hand, its decision's options),
and the game's public log: every event of it so far in its public form (`public.public_event`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .public import public_log, public_state
from .state import Table


def view(state: Table, seat: int | None = None, public: dict[str, Any] | None = None,
         log: Sequence[Any] | None = None) -> dict[str, Any]:
    """Never the seed, the deck order or another hand; `seat` None is a spectator. `public`: the table's
    `public_state`, when the caller has it already (it is copied, not changed). `log`: the public log's
    entries kept for a compacted table (`hosting.compact`); without it, those of the events the table holds."""
    shown = public_state(state) if public is None else dict(public)
    me = state.seats[seat] if seat is not None and 0 <= seat < len(state.seats) else None
    shown["game_id"] = state.game_id
    shown["version"] = state.version
    shown["log"] = public_log(state.log) if log is None else list(log)
    shown["me"] = None if me is None else {"id": me.id, "hand": list(me.hand)}
    pending = state.pending
    if pending is not None and me is not None and pending.player == me.id:
        shown["pending"] = {**shown["pending"], "options": list(pending.options), "min": pending.min,
                            "max": pending.max}
    return shown
