"""One tick, resolved in the normative order of echo-challenge.md §12 with the settled details of §23.

`resolve` is the decision half: it rolls the dice and returns the facts as one `TickResolved`
event. `apply` is the evolution half: it copies those facts into a new state without rolling.
Both take a validated click (live game, unexplored sector, enough Charge for a Beam).
"""

from __future__ import annotations

from . import instruments
from .events import (
    CreditItem,
    DetectorHint,
    EphemeronOpened,
    MembraneChanged,
    OrderCompleted,
    OrderDeal,
    OrderProgress,
    OrderWithdrawn,
    RedTimer,
    SpectrometerHighlight,
    TickResolved,
)
from .field import SECTORS, sector_name
from .orders import SYMBOL_INDEX, Order, apply_click, click_symbol, deal_pattern, difficulty, sector_symbol
from .state import COLOR_LETTER, GameState

NADLOM = 2  # one whole division, in halves
SECTOR_NAMES = tuple(sector_name(i) for i in range(SECTORS))
GREEN_GAIN = 1  # half a division


class _Tick:
    """The mutable scratchpad of one resolution; never escapes `resolve`."""

    __slots__ = (
        "state", "rules", "seed", "t", "tool", "probe", "sector", "conn", "conn_max", "charge", "contour",
        "det", "det_max", "spec", "spec_max", "zero", "nadloms", "overloads", "credits", "orders", "fresh",
        "progress", "completed", "withdrawn", "dealt", "deals", "timers", "freeze_until", "closed",
    )  # fmt: skip

    def __init__(self, state: GameState, tool: str, sector: int) -> None:
        self.state = state
        self.rules = state.setup.rules
        self.seed = state.setup.seed
        self.t = state.tick + 1
        self.tool = tool
        self.probe = tool == "probe"
        self.sector = sector
        self.conn = state.connectivity
        self.conn_max = state.connectivity_max
        self.charge = state.charge
        self.contour = state.contour
        self.det = state.detector
        self.det_max = state.detector_max
        self.spec = state.spectrometer
        self.spec_max = state.spectrometer_max
        self.zero = False
        self.nadloms: list[str] = []
        self.overloads = 0
        self.credits: list[CreditItem] = []
        self.orders: list[Order | None] = list(state.orders)
        self.fresh: set[int] = set()  # slots dealt this tick: they do not see this click
        self.progress: dict[int, tuple[int, bool, bool]] = {}  # slot: (progress, filled, restarted)
        self.completed: list[OrderCompleted] = []
        self.withdrawn: list[OrderWithdrawn] = []
        self.dealt: list[OrderDeal] = []
        self.deals = 0
        self.timers = list(state.timers)
        self.freeze_until = state.freeze_until
        closed = list(state.closed)
        closed[SYMBOL_INDEX[sector_symbol(state.setup.field, sector)]] -= 1
        self.closed = tuple(closed)

    def nadlom(self, cause: str) -> None:
        self.nadloms.append(cause)
        self.conn = max(0, self.conn - NADLOM)
        if self.conn == 0:
            self.zero = True

    def gain_charge(self, amount: int) -> None:
        self.charge += amount
        if self.charge > self.contour:
            self.charge = self.contour
            self.overloads += 1
            self.nadlom("overload")

    def deal(self, slot: int) -> None:
        pattern = deal_pattern(self.seed, self.t, self.deals, self.closed)
        self.deals += 1
        self.fresh.add(slot)
        if pattern is None:
            self.orders[slot] = None
            return
        self.orders[slot] = Order(symbols=pattern, progress=0, since=self.t)
        self.dealt.append(OrderDeal(slot=slot, symbols=pattern))

    def advance(self, slot: int, progress: int, filled: bool, restarted: bool, replace_done: bool) -> None:
        order = self.orders[slot]
        assert order is not None
        before = self.progress.get(slot)
        if before is not None:
            filled, restarted = filled or before[1], restarted or before[2]
        self.progress[slot] = (progress, filled, restarted)
        if progress < 3:
            self.orders[slot] = Order(order.symbols, progress, self.t if filled else order.since)
            return
        price = self.rules.price_order
        self.completed.append(OrderCompleted(slot=slot, symbols=order.symbols, credits=price))
        self.credits.append(CreditItem(kind="order", amount=price))
        self.spec = self.spec_max
        self.orders[slot] = None
        if replace_done:
            self.deal(slot)


def resolve(state: GameState, tool: str, sector: int) -> TickResolved:
    """Decide one click (already validated) and return its facts; rolls the dice for this tick."""
    k = _Tick(state, tool, sector)
    field, rules = state.setup.field, k.rules
    owner = field.owner[sector]
    eph = field.ephemera[owner] if owner >= 0 else None

    # 2. the Beam pays first
    spent = rules.beam_cost if not k.probe else 0
    k.charge -= spent

    # 3. open the sector
    perturbed = False
    if eph is None:
        if k.probe:
            k.gain_charge(1)
    else:
        if k.probe:
            k.nadlom("probe")  # the Nadlom comes before the colour effect
        if eph.color == "green":
            k.conn = min(k.conn_max, k.conn + GREEN_GAIN)
        elif eph.color == "yellow":
            k.gain_charge(4)
        else:
            k.det = k.det_max
            if k.timers[owner] is None:
                k.timers[owner] = rules.red_timer
                perturbed = True

    # 4. a fully open ephemeron pays, triggers its membrane if it was last, ends its perturbation
    opened = None
    membrane = None
    field_complete = False
    if eph is not None:
        done = state.segments_open[owner] + 1 == eph.size
        if sector == eph.membrane:
            membrane = MembraneChanged(
                ephemeron=owner, color=eph.color, kind=eph.kind, state="triggered" if done else "out"
            )
        if done:
            clean = not (state.burnt[owner] or k.probe)
            price = rules.price_clean if clean else rules.price_lossy
            opened = EphemeronOpened(
                ephemeron=owner, color=eph.color, size=eph.size, clean=clean, credits=price
            )
            k.credits.append(CreditItem(kind="clean" if clean else "lossy", amount=price))
            k.timers[owner] = None
            field_complete = state.ephemera_open + 1 == len(field.ephemera)
        if membrane is not None and membrane.state == "triggered":
            _trigger(k, eph.color, eph.kind, field_complete)

    # 5. Orders: the click itself, then payments and replacements
    symbol, segment = click_symbol(field, sector, k.probe)
    for slot, order in enumerate(k.orders):
        if order is None or slot in k.fresh:
            continue
        progress, filled, restarted = apply_click(order, symbol, segment)
        if progress != order.progress or filled:
            k.advance(slot, progress, filled, restarted, replace_done=not field_complete)

    hint = highlight = None
    strikes: list[int] = []
    if not field_complete:
        # 6. instruments: Detector roll, then the Spectrometer after a Probe
        hinted = instruments.detector(
            field,
            state.board,
            state.hinted,
            sector,
            seed=k.seed,
            tick=k.t,
            chance=rules.detector_chance,
            charge=k.det,
        )
        if hinted is not None:
            k.det -= 1
            hint = DetectorHint(sector=hinted, digit=field.digits[hinted])
        if k.probe:
            framed = instruments.spectrometer(
                field, state.board, state.highlighted, sector, seed=k.seed, tick=k.t, charge=k.spec
            )
            if framed is not None:
                k.spec -= 1
                framed_eph = field.ephemera[field.owner[framed]]
                highlight = SpectrometerHighlight(
                    sector=framed, color=framed_eph.color, membrane=framed == framed_eph.membrane
                )
        # 7. red timers of reds perturbed before this tick, unless a Freeze holds
        if k.freeze_until is None or k.t > k.freeze_until:
            for e, left in enumerate(k.timers):
                if left is None or (perturbed and e == owner):
                    continue
                left -= 1
                if left == 0:
                    strikes.append(e)
                    k.nadlom("strike")
                    left = rules.red_timer
                k.timers[e] = left
        # 8. staleness: the hardest stale Order is withdrawn, at most one per tick
        stale = [
            (difficulty(o, k.closed), slot)
            for slot, o in enumerate(k.orders)
            if o is not None and k.t - o.since >= rules.stale_after
        ]
        if stale:
            _, slot = min(stale)
            old = k.orders[slot]
            assert old is not None
            k.withdrawn.append(OrderWithdrawn(slot=slot, symbols=old.symbols))
            k.deal(slot)

    # 9. end checks
    ending = "breakdown" if k.zero else ("complete" if field_complete else None)
    if k.zero:
        k.conn = 0
    facts: dict[str, object] = {
        "tick": k.t,
        "tool": tool,
        "sector": sector,
        "sector_name": SECTOR_NAMES[sector],
        "charge_spent": spent,
        "order_slots": len(k.orders),
        "connectivity": k.conn,
        "connectivity_max": k.conn_max,
        "charge": k.charge,
        "contour": k.contour,
        "detector": k.det,
        "detector_max": k.det_max,
        "spectrometer": k.spec,
        "spectrometer_max": k.spec_max,
    }
    if eph is None:
        facts["digit"] = field.digits[sector]
    else:
        facts["color"] = eph.color
        if sector == eph.membrane:
            facts["membrane"] = True
        if k.probe:
            facts["burnt"] = True
    if k.nadloms:
        facts["nadloms"] = tuple(k.nadloms)
    if k.overloads:
        facts["overloads"] = k.overloads
    if perturbed and opened is None:
        facts["perturbation_started"] = True
    if opened is not None:
        facts["ephemeron_opened"] = opened
    if membrane is not None:
        facts["membrane_changed"] = membrane
    if k.progress:
        facts["orders_progressed"] = tuple(
            OrderProgress(slot=s, progress=p, filled=f, restarted=r)
            for s, (p, f, r) in sorted(k.progress.items())
        )
    if k.completed:
        facts["orders_completed"] = tuple(k.completed)
    if k.withdrawn:
        facts["orders_withdrawn"] = tuple(k.withdrawn)
    if k.dealt:
        facts["orders_dealt"] = tuple(k.dealt)
    if hint is not None:
        facts["detector_hint"] = hint
    if highlight is not None:
        facts["spectrometer_highlight"] = highlight
    if strikes:
        facts["strikes"] = tuple(strikes)
    red_timers = [RedTimer(ephemeron=e, ticks=v) for e, v in enumerate(k.timers) if v is not None]
    if red_timers:
        facts["red_timers"] = tuple(red_timers)
    if k.freeze_until is not None:
        facts["freeze_until"] = k.freeze_until
    if k.credits:
        facts["credits"] = tuple(k.credits)
        facts["credits_earned"] = sum(c.amount for c in k.credits)
    if ending is not None:
        facts["ending"] = ending
    return TickResolved.model_validate(facts)  # validated like any event; cheaper than __init__(**facts)


def _trigger(k: _Tick, color: str, kind: int, field_complete: bool) -> None:
    """A membrane opened last: its bonus, after the segment's own colour effect (§7, §23)."""
    if color == "green" and kind == 1:
        k.conn_max += NADLOM
        k.conn = min(k.conn_max, k.conn + GREEN_GAIN)
    elif color == "green":
        for slot, order in enumerate(k.orders):
            if order is not None and slot not in k.fresh:
                k.advance(slot, order.progress + 1, True, False, replace_done=not field_complete)
    elif color == "yellow" and kind == 1:
        k.contour += 2
    elif color == "yellow":
        until = k.t + k.rules.freeze_ticks - 1
        k.freeze_until = until if k.freeze_until is None else max(k.freeze_until, until)
    elif kind == 1:
        k.det_max += 1
        k.spec_max += 1
    else:
        extra = k.rules.order_slots_red2 - len(k.orders)
        if extra > 0:
            k.orders.extend([None] * extra)
            if not field_complete:
                for slot in range(len(k.orders) - extra, len(k.orders)):
                    k.deal(slot)


def apply(state: GameState, event: TickResolved) -> GameState:
    """Copy the facts of one tick into a new state. Rolls nothing, decides nothing."""
    field = state.setup.field
    sector = event.sector
    owner = field.owner[sector]
    closed = list(state.closed)
    closed[SYMBOL_INDEX[sector_symbol(field, sector)]] -= 1
    segments_open, burnt, membranes = state.segments_open, state.burnt, state.membranes
    hidden_free = state.hidden_free
    if owner < 0:
        char = str(field.digits[sector])
        hidden_free -= 1
    else:
        color = field.ephemera[owner].color
        char = "x" if event.burnt else COLOR_LETTER[color]
        segments_open = _set(segments_open, owner, segments_open[owner] + 1)
        if event.burnt:
            burnt = _set(burnt, owner, True)
    if event.membrane_changed is not None:
        membranes = _set(membranes, event.membrane_changed.ephemeron, event.membrane_changed.state)
    timers: list[int | None] = [None] * len(state.timers)
    for rt in event.red_timers:
        timers[rt.ephemeron] = rt.ticks
    orders: list[Order | None] = list(state.orders)
    if event.order_slots > len(orders):
        orders.extend([None] * (event.order_slots - len(orders)))
    t = event.tick
    for p in event.orders_progressed:
        order = orders[p.slot]
        assert order is not None
        orders[p.slot] = Order(order.symbols, p.progress, t if p.filled else order.since)
    for c in event.orders_completed:
        orders[c.slot] = None
    for w in event.orders_withdrawn:
        orders[w.slot] = None
    for d in event.orders_dealt:
        orders[d.slot] = Order(d.symbols, 0, t)
    clean, lossy = state.clean, state.lossy
    if event.ephemeron_opened is not None:
        if event.ephemeron_opened.clean:
            clean += 1
        else:
            lossy += 1
    hinted = state.hinted if event.detector_hint is None else (*state.hinted, event.detector_hint.sector)
    highlighted = state.highlighted
    if event.spectrometer_highlight is not None:
        highlighted = (*highlighted, event.spectrometer_highlight.sector)
    return GameState(  # every field spelled out: several times cheaper than _replace
        setup=state.setup,
        tick=t,
        status=state.status,
        connectivity=event.connectivity,
        connectivity_max=event.connectivity_max,
        charge=event.charge,
        contour=event.contour,
        detector=event.detector,
        detector_max=event.detector_max,
        spectrometer=event.spectrometer,
        spectrometer_max=event.spectrometer_max,
        board=state.board[:sector] + char + state.board[sector + 1 :],
        segments_open=segments_open,
        burnt=burnt,
        membranes=membranes,
        timers=tuple(timers),
        freeze_until=event.freeze_until,
        orders=tuple(orders),
        hinted=hinted,
        highlighted=highlighted,
        clean=clean,
        lossy=lossy,
        orders_done=state.orders_done + len(event.orders_completed),
        credits=state.credits + event.credits_earned,
        hidden_free=hidden_free,
        closed=tuple(closed),
        log=(*state.log, event),
        end_reason=state.end_reason,
    )


def _set(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (*values[:index], value, *values[index + 1 :])
