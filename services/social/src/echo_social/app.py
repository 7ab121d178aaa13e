"""The social service's app factory: no connections are made until the app starts.

Once NATS and PostgreSQL answer, it starts: the accounts projection (GuestCreated from the gateway), the
command server (`social.cmd.>`, request/reply) and the outbox relay (events to JetStream). `app.state.social`
holds the wired `Social` (and `app.state.relay` the relay) once started — tests and tools use them.
"""

from __future__ import annotations

import asyncio

from echo_runtime.clock import Clock, SystemClock
from echo_runtime.http import service_app
from echo_runtime.service import ServiceRuntime
from echo_runtime.today import DailiesToday
from litestar import Litestar

from . import housekeeping
from .challenge_games import GAMES_CONSUMER, challenge_games_handler
from .commands import CommandServer
from .core import Social
from .mailer import Mailer, SmtpMailer
from .messaging import MESSAGING
from .outbox import OutboxRelay
from .projections import ACCOUNTS_CONSUMER, accounts_handler
from .settings import Settings


def smtp_mailer(settings: Settings) -> SmtpMailer:
    return SmtpMailer(
        host=settings.smtp_host,
        port=settings.smtp_port,
        username=settings.smtp_username,
        password=settings.smtp_password.get_secret_value() if settings.smtp_password else None,
        start_tls=settings.smtp_start_tls,
        use_tls=settings.smtp_use_tls,
        timeout=settings.smtp_timeout_seconds,
    )


def create_app(
    settings: Settings | None = None,
    *,
    clock: Clock | None = None,
    mailer: Mailer | None = None,
    relay: bool = True,
) -> Litestar:
    """`relay=False` leaves events in the outbox (tests of the relay start their own)."""
    settings = settings or Settings()
    clock = clock or SystemClock()
    mailer = mailer or smtp_mailer(settings)
    app: Litestar | None = None

    async def start_workers(runtime: ServiceRuntime) -> None:
        outbox = OutboxRelay(runtime.pool, runtime.js, clock, poll_interval=settings.outbox_poll_seconds)
        social = Social(
            runtime.pool,
            runtime.js,
            clock,
            mailer,
            settings,
            DailiesToday(runtime.nc, runtime.js, clock),
            on_commit=outbox.wake if relay else (lambda: None),
        )
        if relay:
            runtime.spawn("outbox-relay", outbox.run, outbox.stop)
        runtime.consume(MESSAGING.renamed(ACCOUNTS_CONSUMER.durable, settings.accounts_durable), {
            settings.accounts_durable: accounts_handler(runtime.pool),
            GAMES_CONSUMER.durable: challenge_games_handler(social),
        })
        server = CommandServer(runtime.nc, social)

        async def serve_commands() -> None:
            await server.start()
            try:
                await asyncio.Event().wait()
            finally:
                await server.stop()

        runtime.spawn("commands", serve_commands)
        runtime.spawn("housekeeping", lambda: housekeeping.run_forever(runtime.pool, clock))
        assert app is not None
        app.state.social = social
        app.state.relay = outbox

    app = service_app(ServiceRuntime("social", settings, on_connected=start_workers, clock=clock))
    return app
