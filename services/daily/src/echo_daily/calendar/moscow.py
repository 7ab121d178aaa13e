"""Moscow time lives in the contract (`echo_events.moscow`), shared by every service; re-exported here."""

from echo_events.moscow import (  # noqa: F401
    COUNTDOWN_BEFORE,
    MSK,
    WARNING_BEFORE,
    countdown_at,
    midnight_msk,
    moscow_date,
    next_midnight,
    warning_at,
    week_end,
    week_of,
)
