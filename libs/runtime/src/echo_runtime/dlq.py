"""Dead letters: list them, and replay them the only safe ways — never by publishing to a source subject.

A durable consumer (`echo_runtime.consumer`) that gives up on a message copies it to
`dlq.<stream>.<durable>` (stream DEAD_LETTERS) with `Echo-Dlq-Subject` and `Echo-Dlq-Stream-Seq`, and
terminates it, so the durable moves on without it. Publishing those bytes back to `Echo-Dlq-Subject`
would append a second copy of the events to a game's (or account's) history: every other consumer would
see them twice, and an aggregate's version numbers would repeat. So a replay re-delivers the *original*
stored message to the consumer that failed on it, and appends nothing anywhere:

- `list`    — the dead letters of one durable: original subject and stream sequence, error, event types.
- `replay`  — once the cause is fixed (a deploy, a repaired row), runs the consumer's own handler on the
              original message, read from its stream by a one-off consumer that starts at
              `Echo-Dlq-Stream-Seq`. Dead letters are replayed in stream order and the first failure stops
              the run (a projection that keeps positions per aggregate refuses a later batch of the same
              aggregate until the earlier one is in). A replayed dead letter is deleted from DEAD_LETTERS.
              The handler comes from `--handlers module:factory`: `factory(nc)` (sync or async) returns a
              handler or a mapping durable name → handler (the service exposes the handlers it runs).
- `rewind`  — for any idempotent consumer, with no handler at hand: with the service stopped, recreate the
              durable so that it starts again at the earliest dead letter's sequence (or `--seq`); the
              restarted service re-reads from there (what it applied before is skipped as a duplicate), and
              the dead letters it covers are deleted (a message that still fails is dead-lettered again).

`python -m echo_runtime.dlq list|replay|rewind --stream X --durable Y [--seq N]`; NATS_URL or `--nats`.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import inspect
import os
import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from echo_events.envelope import decode
from nats.aio.client import Client
from nats.errors import TimeoutError as NatsTimeoutError
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError

from .consumer import DEAD_LETTERS, Handler, dead_letter_address

IN_USE_SAMPLES, IN_USE_INTERVAL = 6, 0.25  # longer than a consumer's fetch timeout (0.5 s)


@dataclass(frozen=True, slots=True)
class DeadLetter:
    dlq_seq: int  # its sequence in DEAD_LETTERS
    subject: str  # the original subject
    stream_seq: int  # the original message's sequence in its stream
    error: str
    event_types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Replayed:
    letter: DeadLetter
    ok: bool
    error: str | None = None


async def list_dead_letters(js: JetStreamContext, stream: str, durable: str) -> list[DeadLetter]:
    """The dead letters of one durable, oldest first."""
    subject = dead_letter_address(stream, durable)
    found: list[DeadLetter] = []
    seq = 1
    while True:
        try:
            raw = await js.get_msg(DEAD_LETTERS, seq=seq, subject=subject, next=True)
        except NotFoundError:
            return found
        headers = raw.headers or {}
        try:
            types = tuple(e.event_type for e in decode(raw.data or b"").events)
        except ValueError:
            types = ()
        found.append(DeadLetter(
            dlq_seq=raw.seq or 0,
            subject=headers.get("Echo-Dlq-Subject", ""),
            stream_seq=int(headers.get("Echo-Dlq-Stream-Seq", "0")),
            error=headers.get("Echo-Dlq-Error", ""),
            event_types=types,
        ))
        seq = (raw.seq or seq) + 1


def _chosen(letters: list[DeadLetter], seq: int | None) -> list[DeadLetter]:
    """Dead letters in original stream order; `seq` picks one by its original stream sequence."""
    letters = sorted(letters, key=lambda d: d.stream_seq)
    if seq is None:
        return letters
    picked = [d for d in letters if d.stream_seq == seq]
    if not picked:
        raise LookupError(f"no dead letter of stream sequence {seq}")
    return picked


async def replay(js: JetStreamContext, stream: str, durable: str, handler: Handler, *,
                 seq: int | None = None, keep: bool = False) -> list[Replayed]:
    """Run `handler` on the original message of each dead letter (or the one at stream sequence `seq`),
    in stream order, stopping at the first failure. Successful ones leave DEAD_LETTERS unless `keep`."""
    results: list[Replayed] = []
    for letter in _chosen(await list_dead_letters(js, stream, durable), seq):
        try:
            await _run_on_original(js, stream, letter, handler)
        except Exception as error:  # noqa: BLE001 - reported to the operator, the dead letter stays
            results.append(Replayed(letter, ok=False, error=repr(error)))
            break
        if not keep:
            await js.delete_msg(DEAD_LETTERS, letter.dlq_seq)
        results.append(Replayed(letter, ok=True))
    return results


async def _run_on_original(js: JetStreamContext, stream: str, letter: DeadLetter, handler: Handler) -> None:
    """Deliver the stored message at `letter.stream_seq` through a one-off consumer and handle it."""
    name = f"dlq-replay-{uuid.uuid4().hex[:12]}"
    config = ConsumerConfig(
        name=name, deliver_policy=DeliverPolicy.BY_START_SEQUENCE, opt_start_seq=letter.stream_seq,
        filter_subject=letter.subject, ack_policy=AckPolicy.EXPLICIT, max_deliver=1, inactive_threshold=60.0,
    )
    await js.add_consumer(stream, config=config)
    try:
        sub = await js.pull_subscribe_bind(consumer=name, stream=stream)
        try:
            messages = await sub.fetch(batch=1, timeout=5)
        except (TimeoutError, NatsTimeoutError):
            raise LookupError(f"{stream} has no message {letter.stream_seq} on {letter.subject} any more") from None
        msg = messages[0]
        if msg.metadata.sequence.stream != letter.stream_seq:
            raise LookupError(f"{stream} message {letter.stream_seq} is gone (next is {msg.metadata.sequence.stream})")
        await handler(msg)
        await msg.ack()
        await sub.unsubscribe()
    finally:
        try:
            await js.delete_consumer(stream, name)
        except NotFoundError:
            pass


class ConsumerInUse(RuntimeError):
    """Someone is still pulling from the durable: stop the service before rewinding it."""


async def rewind(js: JetStreamContext, stream: str, durable: str, *, seq: int | None = None,
                 force: bool = False) -> int:
    """Recreate `durable` (same filter, acks, retries) so it starts at `seq` or the earliest dead letter.

    The service must be stopped (a waiting pull request means it is not, and is refused unless `force`).
    Deletes the dead letters at or after that sequence and returns the sequence the durable starts at."""
    letters = await list_dead_letters(js, stream, durable)
    if seq is None:
        if not letters:
            raise LookupError(f"{durable} has no dead letters; pass --seq to rewind anyway")
        seq = min(d.stream_seq for d in letters)
    info = await js.consumer_info(stream, durable)
    if not force:
        # a pulling service has a fetch waiting nearly all the time: look for one over a little while
        for _ in range(IN_USE_SAMPLES):
            if (info.num_waiting or 0) > 0:
                raise ConsumerInUse(f"{durable} has {info.num_waiting} waiting pull requests: stop its service first")
            await asyncio.sleep(IN_USE_INTERVAL)
            info = await js.consumer_info(stream, durable)
    old = info.config
    config = ConsumerConfig(
        durable_name=durable, ack_policy=old.ack_policy, deliver_policy=DeliverPolicy.BY_START_SEQUENCE,
        opt_start_seq=seq, filter_subject=old.filter_subject, max_deliver=old.max_deliver, ack_wait=old.ack_wait,
        max_ack_pending=old.max_ack_pending, backoff=old.backoff, description=old.description,
    )
    await js.delete_consumer(stream, durable)
    await js.add_consumer(stream, config=config)
    for letter in letters:
        if letter.stream_seq >= seq:
            await js.delete_msg(DEAD_LETTERS, letter.dlq_seq)
    return seq


# --- the command line ------------------------------------------------------------------------------------

HandlerFactory = Callable[[Client], "Handler | Mapping[str, Handler] | Awaitable[Any]"]


async def load_handler(spec: str, nc: Client, durable: str) -> Handler:
    module_name, _, attr = spec.partition(":")
    factory = getattr(importlib.import_module(module_name), attr or "dlq_handlers")
    made = factory(nc)
    if inspect.isawaitable(made):
        made = await made
    if isinstance(made, Mapping):
        if durable not in made:
            raise LookupError(f"{spec} has no handler for durable {durable!r} (it has: {', '.join(made)})")
        return made[durable]
    return made


def _describe(letter: DeadLetter) -> str:
    return (f"#{letter.dlq_seq}  {letter.subject} seq {letter.stream_seq}  "
            f"[{', '.join(letter.event_types)}]  {letter.error}")


async def _main(args: argparse.Namespace) -> int:
    from .nats_client import connect_as_operator

    nc = await connect_as_operator(args.nats, name="echo-dlq")
    js = nc.jetstream()
    try:
        if args.command == "list":
            letters = await list_dead_letters(js, args.stream, args.durable)
            for letter in letters:
                print(_describe(letter))
            print(f"{len(letters)} dead letter(s) on {dead_letter_address(args.stream, args.durable)}")
            return 0
        if args.command == "rewind":
            start = await rewind(js, args.stream, args.durable, seq=args.seq, force=args.force)
            print(f"{args.durable} now starts at {args.stream} sequence {start}; start its service")
            return 0
        if not args.handlers:
            print("replay needs the consumer's handler: --handlers module:factory (see the service's docs);\n"
                  "without one, stop the service and use `rewind`, or rebuild the projection.")
            return 2
        handler = await load_handler(args.handlers, nc, args.durable)
        results = await replay(js, args.stream, args.durable, handler, seq=args.seq, keep=args.keep)
        for result in results:
            print(("replayed  " if result.ok else "FAILED    ") + _describe(result.letter)
                  + (f"\n          {result.error}" if result.error else ""))
        print(f"{sum(r.ok for r in results)} replayed, {sum(not r.ok for r in results)} failed")
        return 0 if all(r.ok for r in results) else 1
    finally:
        await nc.drain()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m echo_runtime.dlq", description=__doc__.split("\n")[0])
    p.add_argument("command", choices=("list", "replay", "rewind"))
    p.add_argument("--stream", required=True, help="the original stream, e.g. GAMES")
    p.add_argument("--durable", required=True, help="the consumer that dead-lettered, e.g. leagues-games")
    p.add_argument("--seq", type=int, help="only the dead letter of this original stream sequence")
    p.add_argument("--handlers", help="replay: module:factory giving the consumer's handler(s)")
    p.add_argument("--keep", action="store_true", help="replay: keep replayed dead letters")
    p.add_argument("--force", action="store_true", help="rewind: even if someone is pulling")
    p.add_argument("--nats", default=os.environ.get("NATS_URL", "nats://127.0.0.1:4222"))
    return p


def main() -> None:
    raise SystemExit(asyncio.run(_main(parser().parse_args())))


if __name__ == "__main__":
    main()
