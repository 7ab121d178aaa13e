"""A `Run` turns one command into events: every change goes through `emit`, which applies it to the table
and then states the facts that follow from any event (hand sizes, the reshuffle, the end flags)."""

from __future__ import annotations

from typing import Any

from . import events as ev
from .chance import shuffle
from .evolve import apply
from .state import FLAGS, Table


class Run:
    def __init__(self, table: Table, now: int | None = None) -> None:
        self.table = table
        self.now = now
        self.events: list[ev.EotEvent] = []

    def emit(self, event: ev.EotEvent) -> None:
        table = self.table
        hands = [len(seat.hand) for seat in table.seats]
        self._record(event)
        self._raise_flags()
        for seat, before in zip(table.seats, hands, strict=False):
            if len(seat.hand) != before:
                self.emit(ev.HandSizeChanged(player=seat.id, size=len(seat.hand)))
        if not table.deck and table.discard:
            # Page: the moment the deck is empty and the pile is not, the pile becomes the new deck.
            k = table.reshuffles + 1
            order = shuffle(table.key, "deck", [k], table.discard)
            self.emit(ev.DeckShuffled(k=k, size=len(order), order=tuple(order)))

    def _record(self, event: ev.EotEvent) -> None:
        apply(self.table, event)
        self.events.append(event)

    def _raise_flags(self) -> None:
        table = self.table
        if table.phase in ("setup", "over") or not table.sources:
            return
        holds = {
            "A": lambda: table.vp_main <= 0,
            "B": lambda: table.most_counted() >= 12,
            "C": lambda: all(slot.state == "entrenched" for slot in table.sources),
        }
        for flag in FLAGS:
            if table.flags[flag] is None and holds[flag]():
                if flag == "A":
                    self._record(ev.MainSupplyExhausted(round=table.round))
                self._record(ev.EndFlagRaised(flag=flag, round=table.round))

    # --- small facts used by many rules ---
    def gain_vp(self, player: str, n: int, cause: str) -> None:
        from_main = min(n, max(0, self.table.vp_main))
        self.emit(ev.VpGained(player=player, n=n, from_main=from_main, from_extra=n - from_main, cause=cause))

    def draw(self, player: str, n: int) -> None:
        """One card at a time in effect: a batch stops where the deck runs out, so the reshuffle comes between."""
        while n > 0 and self.table.deck:
            cards = tuple(self.table.deck[:n])
            self.emit(ev.CardsDrawn(player=player, cards=cards))
            n -= len(cards)

    def look(self, player: str, n: int) -> None:
        while n > 0 and self.table.deck:
            cards = tuple(self.table.deck[:n])
            self.emit(ev.CardsLooked(player=player, cards=cards))
            n -= len(cards)

    def next_step_id(self) -> str:
        return f"s{self.table.steps + 1}"

    def deadline(self) -> int | None:
        timer = self.table.turn_timer_s
        return None if timer is None or self.now is None else self.now + timer * 1000

    def request(self, player: str, kind: str, options: list[str], low: int, high: int,
                context: dict[str, Any] | None = None) -> None:
        table = self.table
        self.emit(ev.DecisionRequested(
            decision_id=f"d{table.decisions + 1}", player=player, kind=kind, options=tuple(options), min=low,
            max=high, step_id=self.next_step_id(), deadline=self.deadline(), context=context or {},
            agenda=tuple(table.agenda)))
