"""The past day's field, public with the Day results once the Daily has closed (echo-challenge.md §16, §23).

It is regenerated from the Daily's preset and seed exactly as the engine generated it
(`echo_challenge.modes.daily_setup`, special-game rules included). Callers must have checked `closed_at`:
`public_field` refuses a Daily that is still live.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from echo_challenge.field import sector_name
from echo_challenge.generator import layout_rows
from echo_challenge.modes import daily_setup
from echo_events.daily import DailyPublished, seed_commitment


def public_field(daily: Any) -> dict[str, Any]:
    """`daily`: a `leagues_dailies` row (mapping). Raises ValueError for a Daily that has not closed."""
    if daily["closed_at"] is None:
        raise ValueError("the field of a live Daily is hidden information")
    special = daily["special"]
    if isinstance(special, str):
        special = json.loads(special)
    return _field(
        daily["daily_id"],
        daily["number"],
        daily["day"].isoformat(),
        daily["league"],
        daily["name_ru"],
        daily["preset_id"],
        daily["seed"],
        json.dumps(special),
        daily["opens_at"].isoformat(),
        daily["closes_at"].isoformat(),
    )


def seed_proof(daily: Any) -> dict[str, Any] | None:
    """A closed Daily's seed, salt and commitment: check `seed_commitment(seed, salt) == commitment`
    (the value `daily/today` showed all day), then `echoctl field --preset <preset_id> --seed <seed>`
    prints the field (the special game's rule changes, if any, are in `field.rules`). None for a Daily
    published before commitments."""
    if daily["closed_at"] is None:
        raise ValueError("the seed of a live Daily is hidden information")
    if daily["seed_salt"] is None:
        return None
    return {"preset_id": daily["preset_id"], "seed": daily["seed"], "salt": daily["seed_salt"],
            "commitment": seed_commitment(daily["seed"], daily["seed_salt"])}


@lru_cache(maxsize=64)
def _field(
    daily_id: str,
    number: int,
    day: str,
    league: str,
    name_ru: str,
    preset_id: str,
    seed: int,
    special: str,
    opens_at: str,
    closes_at: str,
) -> dict[str, Any]:
    published = DailyPublished(
        daily_id=daily_id,
        number=number,
        date=day,
        league=league,
        name_ru=name_ru,
        preset_id=preset_id,
        seed=seed,
        special=json.loads(special) or None,
        opens_at=opens_at,
        closes_at=closes_at,
    )
    setup = daily_setup(published)
    return {
        "preset": setup.preset,
        "seed": setup.seed,
        "grid": list(layout_rows(setup)),
        "opened": [sector_name(i) for i in setup.opened],
        "ephemera": [
            {
                "color": e.color,
                "kind": e.kind,
                "size": e.size,
                "sectors": [sector_name(i) for i in e.sectors],
                "membrane": sector_name(e.membrane),
            }
            for e in setup.field.ephemera
        ],
        "rules": asdict(setup.rules),
    }
