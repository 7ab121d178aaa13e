"""The engine's composition root: the one command pipeline (`Tables`: load → decide → append → retry, views,
updates, deadlines) wired from its ports — where games are stored, how updates are published, how deadlines
are scheduled, what time it is. The NATS adapters (`GameStore`, `Outbox`, `Timers`) are what the running
engine passes (handlers.PlayService); tests pass in-memory fakes (tests/unit/engine/fakes.py)."""

from __future__ import annotations

from typing import Any

from echo_runtime.clock import Clock

from .locks import Locks
from .seat_names import SeatNames
from .tables import Tables


class NobodyHeld:
    """Occupancy for a pipeline without a database: no game holds anyone at one table of its kind."""

    def claim(self, account_id: str, kind: str) -> Any:
        raise RuntimeError("this pipeline keeps no occupancy: host no game that `occupies` its players")


def bootstrap(store: Any, publisher: Any, scheduler: Any, clock: Clock, occupancy: Any = None,
              locks: Locks | None = None, names: SeatNames | None = None) -> Tables:
    """The pipeline. `store`: a game's load, refold, append, purge (store.GameStore); `publisher`: `publish`
    of an `Update` (outbox.Outbox); `scheduler`: the games' deadlines (timers.Timers); `occupancy`: who is
    held at a table (occupancy.Occupancy); `locks`: shared with whoever else takes a game's lock; `names`: who
    sits at a table (seat_names.SeatNames; without one, generated callsigns)."""
    return Tables(store, publisher, locks or Locks(), clock, scheduler, occupancy or NobodyHeld(), names)
