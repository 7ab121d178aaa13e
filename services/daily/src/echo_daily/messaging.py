"""What the daily service writes on NATS: the schedule's facts on DAILY (each with the expected last stream
sequence, so two replicas never write one twice), and each league's latest Daily without its seed on
DAILY_PUBLIC. It reads only what it wrote."""

from __future__ import annotations

from echo_events import daily
from echo_runtime.messaging import Messaging, Publication

MESSAGING = Messaging(
    service="daily",
    publications=(
        Publication("daily-published", daily.SUBJECT_PUBLISHED, daily.STREAM, "00:00 MSK: a league's Daily."),
        Publication("daily-announced", daily.SUBJECT_ANNOUNCED, daily.PUBLIC_STREAM,
                    "Right after daily-published: the same Daily without its seed, for the gateway."),
        Publication("daily-warning", daily.SUBJECT_WARNING, daily.STREAM, "23:30 and 23:50 MSK: Dailies close soon."),
        Publication("daily-closed", daily.SUBJECT_CLOSED, daily.STREAM, "00:00 MSK of the next day: a Daily closed."),
        Publication("league-week-closed", daily.SUBJECT_WEEK_CLOSED, daily.STREAM,
                    "Monday 00:00 MSK: the league week is over."),
    ),
)
