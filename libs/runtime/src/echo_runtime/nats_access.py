"""Who may do what on NATS: one NATS user per service, with publish and subscribe allow-lists, made here
from the contract's subjects (echo_events.streams, .play, .daily, .social_commands) and nowhere else.
`make run`, the test harness (echo_runtime.devstack) and the production nats.conf
(`python -m echo_runtime.nats_access`, deploy/k8s/base/nats/auth.conf) all take them from `ACCESS`.

A JetStream operation is a publish to an API subject (`$JS.API.…`), so reading a stream, consuming it
through a durable or writing to a key-value bucket is granted stream by stream. Managing streams (create,
update, delete) is for the operator user alone: the services only check that their streams exist.

To let a service use one more subject, add it to that service's list below: one line.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from echo_events.accounts import ACCOUNT_SUBJECTS, GUEST_SUBJECTS
from echo_events.daily import NOTICE_SUBJECTS as DAILY_NOTICES
from echo_events.daily import PUBLIC_STREAM as DAILY_PUBLIC
from echo_events.daily import PUBLIC_STREAM_SUBJECTS as DAILY_PUBLIC_SUBJECTS
from echo_events.daily import STREAM as DAILY_STREAM
from echo_events.daily import STREAM_SUBJECTS as DAILY_SUBJECTS
from echo_events.daily import SUBJECT_DEV_CLOCK
from echo_events.play import ENGINE_SUBJECT, PRESENCE_PREFIX, UPDATES_SUBJECTS, replica_subject
from echo_events.social_commands import SUBJECT_PREFIX as SOCIAL_COMMANDS
from echo_events.streams import ACCOUNTS, DEAD_LETTERS, GAMES, LIMITS, ROOMS, SESSIONS, TIMER_SET_PREFIX, TIMERS

from .today import TODAY_SUBJECT

OPERATOR = "operator"
LEAGUES_QUERIES = "leagues.q.*"  # echo_leagues.api.PREFIX + "*"
PRESENCE = f"{PRESENCE_PREFIX}.>"  # seats at tables: gateway to gateway, and to the engines


def inbox_prefix(user: str) -> str:
    """Where the answers to this user's own requests come back (nats-py's `inbox_prefix`, which every
    connection of the user sets: `nats_client.connect`). Each user has its own and may hear no other's, so a
    stolen credential hears only its own service's replies — not the engine's answers to the Daily, the
    social service's or the leagues' (seeds, hands, invite secrets, ballots travel in replies)."""
    return f"_INBOX_{user}"


def replies(user: str) -> str:
    return f"{inbox_prefix(user)}.>"


def read_stream(stream: str) -> tuple[str, ...]:
    """Direct gets (one message, a batch, the last of a subject) and stored-message gets."""
    return (f"$JS.API.DIRECT.GET.{stream}", f"$JS.API.DIRECT.GET.{stream}.>", f"$JS.API.STREAM.MSG.GET.{stream}")


def read_today() -> tuple[str, ...]:
    """The direct get of `echo_runtime.today`: which day it is, as the Dailies say."""
    return (f"$JS.API.DIRECT.GET.{DAILY_PUBLIC}.{TODAY_SUBJECT}",)


def hear_today() -> tuple[str, ...]:
    """What `echo_runtime.today` hears to keep the day without reading it each time: the announcements."""
    return (TODAY_SUBJECT,)


def consume_stream(stream: str) -> tuple[str, ...]:
    """Create or bind a consumer of the stream, pull from it, ack and nack."""
    return (f"$JS.API.CONSUMER.CREATE.{stream}", f"$JS.API.CONSUMER.CREATE.{stream}.>",
            f"$JS.API.CONSUMER.DURABLE.CREATE.{stream}.*", f"$JS.API.CONSUMER.INFO.{stream}.*",
            f"$JS.API.CONSUMER.MSG.NEXT.{stream}.*", f"$JS.API.CONSUMER.DELETE.{stream}.*",
            f"$JS.ACK.{stream}.>", "$JS.FC.>")


def purge_stream(stream: str) -> str:
    """Purge messages of the stream (by subject: the filter is in the request's body, not in its subject)."""
    return f"$JS.API.STREAM.PURGE.{stream}"


def bucket(name: str) -> tuple[str, ...]:
    """Read, write and watch a key-value bucket (the stream KV_<name>)."""
    return (f"$KV.{name}.>", *read_stream(f"KV_{name}"), *consume_stream(f"KV_{name}"))


def dead_letters() -> tuple[str, ...]:
    return tuple(DEAD_LETTERS.subjects)


@dataclass(frozen=True, slots=True)
class Access:
    publish: tuple[str, ...]
    subscribe: tuple[str, ...]
    answers_requests: bool = False  # may publish the reply to a request it received (allow_responses)
    #: every service checks that the streams and buckets exist (STREAM.INFO) and sees its own account limits
    common: tuple[str, ...] = field(default=("$JS.API.INFO", "$JS.API.STREAM.INFO.*"))


ACCESS: dict[str, Access] = {
    # sends players' commands and queries; hears its players' updates and the Daily notices; writes guests'
    # GuestCreated to ACCOUNTS, on the guest subjects only (echo_events.accounts), never an account's other
    # events; reads no game, account or dead-letter stream, and publishes no daily event. Of the
    # Dailies it reads and hears only what anyone may know (DAILY_PUBLIC, closes, warnings): never DAILY's
    # `daily.published.*`, which carries the seed
    "gateway": Access(
        publish=(ENGINE_SUBJECT, replica_subject("*"), LEAGUES_QUERIES, f"{SOCIAL_COMMANDS}>", GUEST_SUBJECTS, PRESENCE,
                 SUBJECT_DEV_CLOCK,
                 *read_stream(DAILY_PUBLIC),
                 *bucket(SESSIONS.name), *bucket(LIMITS.name)),
        subscribe=(UPDATES_SUBJECTS, *DAILY_NOTICES, PRESENCE, replies("gateway")),
    ),
    # the only writer of games and rooms and of players' updates, and of the games' deadlines (message
    # schedules); the only one that purges: a room when it is deleted, with its timers (GAMES denies it);
    # reads accounts (names and registrations: histories and Ghost Five's ratings) but writes none
    "engine": Access(
        publish=(*GAMES.subjects, UPDATES_SUBJECTS, *read_stream(GAMES.name), *consume_stream(GAMES.name),
                 *ROOMS.subjects, *read_stream(ROOMS.name), purge_stream(ROOMS.name),
                 f"{TIMER_SET_PREFIX}.>", *read_stream(TIMERS.name), *consume_stream(TIMERS.name),
                 purge_stream(TIMERS.name),
                 *read_stream(DAILY_STREAM), *consume_stream(DAILY_STREAM), *read_today(),
                 *read_stream(ACCOUNTS.name), *consume_stream(ACCOUNTS.name), *dead_letters()),
        subscribe=(ENGINE_SUBJECT, replica_subject("*"), PRESENCE, *hear_today(), replies("engine")),
        answers_requests=True,
    ),
    # the only writer of the DAILY stream, and of its seed-free copy DAILY_PUBLIC
    "daily": Access(
        publish=(*DAILY_SUBJECTS, *read_stream(DAILY_STREAM), *DAILY_PUBLIC_SUBJECTS, *read_stream(DAILY_PUBLIC)),
        subscribe=(SUBJECT_DEV_CLOCK, replies("daily")),
        answers_requests=True,
    ),
    # projections: they read games, accounts and dailies but write none of them
    "leagues": Access(
        publish=(*read_stream(GAMES.name), *consume_stream(GAMES.name), *consume_stream(ACCOUNTS.name),
                 *consume_stream(DAILY_STREAM), *read_today(), *dead_letters()),
        subscribe=(LEAGUES_QUERIES, *hear_today(), replies("leagues")),
        answers_requests=True,
    ),
    # the only writer of accounts' events (`account.<id>`), all but guest creation
    "social": Access(
        publish=(ACCOUNT_SUBJECTS, *read_stream(ACCOUNTS.name), *consume_stream(ACCOUNTS.name),
                 *consume_stream(GAMES.name), *read_today(), *dead_letters()),
        subscribe=(f"{SOCIAL_COMMANDS}>", *hear_today(), replies("social")),
        answers_requests=True,
    ),
}
SERVICES = tuple(ACCESS)


def _quoted(subjects: tuple[str, ...]) -> str:
    return ", ".join(f'"{subject}"' for subject in dict.fromkeys(subjects))


def authorization(passwords: dict[str, str], *, anonymous_operator: bool = False) -> str:
    """The `authorization { … }` block of nats.conf: a user per service with its allow-lists, and the
    operator with every right. `passwords` maps each user to its password, or to `$VARIABLE` for the
    server to read from its environment (production). `anonymous_operator` lets a connection without
    credentials in as the operator — for the local dev stack and the test harness only."""
    users = [f'    {{user: "{OPERATOR}", password: {_password(passwords[OPERATOR])}}}']
    for name, access in ACCESS.items():
        allow_responses = "\n        allow_responses: true" if access.answers_requests else ""
        users.append(
            f'    {{user: "{name}", password: {_password(passwords[name])}, permissions: {{\n'
            f"        publish: {{allow: [{_quoted(access.common + access.publish)}]}}\n"
            f"        subscribe: {{allow: [{_quoted(access.subscribe)}]}}{allow_responses}\n"
            f"    }}}}"
        )
    operator = f'no_auth_user: "{OPERATOR}"\n' if anonymous_operator else ""
    return operator + "authorization {\n  users: [\n" + ",\n".join(users) + "\n  ]\n}\n"


def _password(value: str) -> str:
    return value if value.startswith("$") else f'"{value}"'


def production_authorization() -> str:
    """The block deploy/k8s ships: each password from the server's environment (a Secret)."""
    return authorization({name: f"$NATS_{name.upper()}_PASSWORD" for name in (OPERATOR, *SERVICES)})


if __name__ == "__main__":
    sys.stdout.write("# generated by `python -m echo_runtime.nats_access` from echo_runtime/nats_access.py\n"
                     + production_authorization())
