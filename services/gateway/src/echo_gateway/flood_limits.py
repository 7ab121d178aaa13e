"""Flood limits: how many times a client (and everyone together) may create a guest, ask for a login link
or a confirmation letter, or search for players, in a time window. Counted in the NATS key-value bucket
ECHO_LIMITS, so every gateway replica sees the same counts: one counter per rule, key and fixed window,
raised with compare-and-set (two replicas cannot both take the last slot). Within one replica the requests
on one counter take turns (a lock per counter), so only replicas contend for it — a surge of a hundred
newcomers on one replica is a queue of a hundred short updates, not a hundred compare-and-sets of which
most lose; between replicas a lost compare-and-set waits a random moment before it tries again. A refusal is 429 with
`Retry-After` (the seconds until the window ends) and a message in Russian.

A client is its IP address: the connection's, or with ECHO_GATEWAY_TRUSTED_PROXY_HOPS = n the n-th address
from the right of `X-Forwarded-For` (what the ingress saw; the ones left of it are the client's to forge).
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import random
from dataclasses import dataclass

from echo_runtime.clock import Clock
from echo_runtime.elections import through_election
from litestar import Request, Response
from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError
from nats.js.kv import KeyValue


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    limit: int
    window_seconds: int


# a household or a school behind one address stays far below these; a script does not
GUESTS_PER_CLIENT = Rule("guest.client", 20, 600)
GUESTS_ALL = Rule("guest.all", 3000, 60)
LOGIN_LINKS_PER_CLIENT = Rule("login.client", 10, 900)
LOGIN_LINKS_PER_ADDRESS = Rule("login.address", 3, 900)
LOGIN_LINKS_ALL = Rule("login.all", 600, 60)
LETTERS_PER_CLIENT = Rule("letter.client", 10, 900)
LETTERS_PER_ADDRESS = Rule("letter.address", 3, 900)
LETTERS_ALL = Rule("letter.all", 600, 60)
SEARCHES_PER_CLIENT = Rule("search.client", 60, 60)
SEARCHES_PER_ACCOUNT = Rule("search.account", 30, 60)
SEARCHES_ALL = Rule("search.all", 6000, 60)
EVERYONE = "all"
CAS_ATTEMPTS = 20  # per replica contending (the others' turns): far more than a few replicas ever need
CAS_BACKOFF_SECONDS = 0.005  # the longest random wait after a lost compare-and-set, doubled each time


class Limited(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(f"rate limited for {retry_after} s")
        self.retry_after = retry_after


def limit_address(raw: object) -> str:
    """An e-mail address as the limits count it: trimmed, lower-cased, without a `+tag` (one mailbox)."""
    address = str(raw).strip().lower()
    local, at, domain = address.rpartition("@")
    if not at:
        return address
    return f"{local.split('+', 1)[0]}@{domain}"


def client_of(request: Request, trusted_hops: int) -> str:
    if trusted_hops > 0:
        forwarded = [hop.strip() for hop in request.headers.get("x-forwarded-for", "").split(",") if hop.strip()]
        if len(forwarded) >= trusted_hops:
            return forwarded[-trusted_hops]
    return request.client.host if request.client else "unknown"


def refused(limited: Limited) -> Response[dict[str, dict[str, str]]]:
    seconds = limited.retry_after
    return Response(
        {"error": {"code": "rate_limited",
                   "message": f"Too many requests; try again in {seconds} s.",
                   "message_ru": f"Слишком много запросов — попробуйте снова через {seconds} с."}},
        status_code=429, headers={"Retry-After": str(seconds)},
    )


async def over_limit(request: Request, *rules: tuple[Rule, str | None]) -> Response | None:
    """The 429 to answer when one of the app's flood limits refuses this request, else None."""
    try:
        await request.app.state.limits.check(request, *rules)
    except Limited as limited:
        return refused(limited)
    return None


class FloodLimits:
    def __init__(self, clock: Clock, *, enabled: bool = True, trusted_hops: int = 0) -> None:
        self._clock = clock
        self._kv: KeyValue | None = None
        self._turns: dict[str, tuple[asyncio.Lock, int]] = {}  # counter -> (its lock, requests holding it)
        self.enabled = enabled
        self.trusted_hops = trusted_hops

    def start(self, kv: KeyValue) -> None:
        self._kv = kv

    async def check(self, request: Request, *rules: tuple[Rule, str | None]) -> None:
        """Count one request against each (rule, key) in order — key None means the client's address,
        EVERYONE the global counter; raises Limited at the first that is full."""
        if not self.enabled:
            return
        for rule, key in rules:
            await self._hit(rule, client_of(request, self.trusted_hops) if key is None else key)

    async def _hit(self, rule: Rule, key: str) -> None:
        if self._kv is None:
            raise RuntimeError("the limits store is not connected yet")
        now = self._clock.now().timestamp()
        window = int(now // rule.window_seconds)
        retry_after = max(1, math.ceil((window + 1) * rule.window_seconds - now))
        name = f"{rule.name}.{hashlib.sha256(key.encode()).hexdigest()[:32]}.{window}"
        lock, users = self._turns.get(name) or (asyncio.Lock(), 0)
        self._turns[name] = (lock, users + 1)
        try:
            async with lock:
                await self._count(self._kv, rule, name, retry_after)
        finally:
            lock, users = self._turns[name]
            if users == 1:
                del self._turns[name]
            else:
                self._turns[name] = (lock, users - 1)

    @staticmethod
    async def _count(kv: KeyValue, rule: Rule, name: str, retry_after: int) -> None:
        """Each read and write is asked again while the bucket is between leaders: a write whose answer was
        lost may count this request twice, which only errs on the side of the limit."""
        for attempt in range(CAS_ATTEMPTS):
            if attempt:  # another replica took this revision: let the contenders spread out
                await asyncio.sleep(random.uniform(0, CAS_BACKOFF_SECONDS * 2 ** min(attempt, 6)))  # noqa: S311
            try:
                entry = await through_election(lambda: kv.get(name))
            except KeyNotFoundError:
                try:
                    await through_election(lambda: kv.create(name, b"1"))
                    return
                except KeyWrongLastSequenceError:
                    continue  # another request created it first
            count = int(entry.value or b"0")
            if count >= rule.limit:
                raise Limited(retry_after)
            try:
                raised = str(count + 1).encode()
                await through_election(lambda: kv.update(name, raised, last=entry.revision))  # noqa: B023 - awaited at once
                return
            except KeyWrongLastSequenceError:
                continue
        raise Limited(retry_after)  # so contended that it is a flood by itself
