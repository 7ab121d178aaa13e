"""What the leagues service reads on NATS: four durables feeding its projections (its queries on
`leagues.q.*` are core request/reply). It publishes nothing."""

from __future__ import annotations

from echo_runtime.messaging import Messaging

from .projections import CONSUMERS

MESSAGING = Messaging(service="leagues", consumers=CONSUMERS)
