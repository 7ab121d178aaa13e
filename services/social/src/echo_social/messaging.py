"""What the social service reads and writes on NATS besides its commands (`social.cmd.>`, core
request/reply, described by the event contract): two durables, and the account events its outbox relays."""

from __future__ import annotations

from echo_events.streams import ACCOUNTS
from echo_runtime.messaging import Messaging, Publication

from .challenge_games import GAMES_CONSUMER
from .projections import ACCOUNTS_CONSUMER

MESSAGING = Messaging(
    service="social",
    consumers=(ACCOUNTS_CONSUMER, GAMES_CONSUMER),
    publications=(
        Publication("social-account-events", "account.{account_id}", ACCOUNTS.name,
                    "Friends, challenges, callsigns and e-mails: each committed outbox row relayed as one Batch, "
                    "its event id as Nats-Msg-Id."),
    ),
)
