"""Hostile input at volume: random bodies for every command (right field names, wrong or odd values,
random bytes). Every reply is a well-formed answer and the service keeps serving."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from echo_social.commands import ROUTES

from tests.support.social import SocialEnv

pytestmark = pytest.mark.integration

ODD_VALUES = [
    None,
    0,
    -1,
    2**70,
    3.5,
    True,
    "",
    " ",
    "x" * 5000,
    "admin",
    "Вася",
    "a\x00b",
    "🙂" * 10,
    "'; DROP TABLE accounts; --",
    "%_%",
    "../..",
    [],
    {},
    ["a"],
    {"$gt": ""},
    "é" * 64,
]


def _body(rng: random.Random, fields: list[str], real_account: str) -> object:
    roll = rng.random()
    if roll < 0.1:
        return rng.randbytes(rng.randint(0, 64))
    if roll < 0.15:
        return rng.choice([[], 1, "text", None])
    body = {}
    for name in fields:
        if rng.random() < 0.8:
            body[name] = (
                real_account if name.endswith("_id") and rng.random() < 0.4 else rng.choice(ODD_VALUES)
            )
    if rng.random() < 0.2:
        body[rng.choice(["extra", "ok", "__class__"])] = rng.choice(ODD_VALUES)
    return body


async def test_random_bodies_never_break_the_service(env: SocialEnv) -> None:
    account = await env.guest("Fuzzed")
    rng = random.Random(20261129)
    sent = 0
    for name, (model, _) in ROUTES.items():
        fields = list(model.model_fields)
        bodies = [_body(rng, fields, account) for _ in range(25)]
        replies = await asyncio.gather(
            *(env.cmd(name, b if isinstance(b, bytes) else json.dumps(b).encode()) for b in bodies)
        )
        for body, reply in zip(bodies, replies, strict=True):
            assert isinstance(reply.get("ok"), bool), (name, body, reply)
            if not reply["ok"]:
                error = reply["error"]
                assert error["code"] != "internal_error", (name, body, reply)
                assert error["message"] and error["message_ru"]
        sent += len(bodies)
    assert sent == 25 * len(ROUTES)
    profile = (await env.ok("account.get", account_id=account))["account"]
    assert profile["account_id"] == account


@pytest.mark.parametrize(
    "text",
    ["a\x00b", "\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"), "%", "_", "\\", "'"],
)
async def test_free_text_fields_with_odd_characters(env: SocialEnv, text: str) -> None:
    account = await env.guest()
    search = await env.cmd("friends.search", account_id=account, query=text)
    added = await env.cmd("friends.add", account_id=account, callsign=text)
    if "\x00" in text:
        assert search["error"]["code"] == added["error"]["code"] == "bad_request"
    else:
        assert search["ok"] is True and search["players"] == []
        assert added["error"]["code"] == "player_not_found"
    for name, field in (("callsign.set", "callsign"), ("email.request", "email")):
        reply = await env.cmd(name, account_id=account, **{field: text})
        assert reply["ok"] is False and reply["error"]["code"] != "internal_error"
