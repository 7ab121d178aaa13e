"""Friends' scores and a challenge's two scores: the social service says who (friends, the challenge's
sender), the leagues service says how much (Credits today, yesterday, this week). Both by NATS request.

| route                                          | asks                                              |
|------------------------------------------------|---------------------------------------------------|
| GET  /api/v1/friends/scores (login)            | social.cmd.friends.list, then leagues.q.friends   |
| GET  /api/v1/challenges/{token}/scores (login) | social.cmd.challenge.open, then leagues.q.friends |
| POST /api/v1/challenges/{token}/played (login) | leagues.q.friends (finished?), social.cmd.challenge.played |

Scores of others count only games in the Chart; the caller's own game counts even «вне Чарта». A refusal
keeps the shape of the service that refused: `{"error": {"code", "message", ...}}`.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get, post
from litestar.params import FromPath

from .account_routes import _error, ask
from .chart_routes import ask_leagues
from .responses import NEEDS_SESSION, ChallengePlayed, ChallengeScores, FriendsScores
from .routes import identity_of


async def _scores(request: Request, ids: list[str], viewer: str, day: str | None = None) -> Response[Any]:
    body: dict[str, Any] = {"account_ids": ids, "viewer": viewer}
    if day:
        body["date"] = day
    return await ask_leagues(request, "friends", body)


def _score(row: dict[str, Any] | None) -> dict[str, Any]:
    row = row or {}
    return {"today": row.get("today"), "yesterday": row.get("yesterday"), "week": row.get("week", 0)}


@get("/api/v1/friends/scores", operation_id="friendsScores", **NEEDS_SESSION)
async def friends_scores(request: Request) -> Response[FriendsScores]:
    """The caller's friends (whom he added; `mutual` when they added him too) with their Credits today,
    yesterday and this week, best today first; and the caller's own row as `me`."""
    me = identity_of(request).account_id
    listed = await ask(request, "friends.list", {"account_id": me})
    if listed.status_code != 200:
        return listed
    friends = listed.content.get("friends") or []
    answer = await _scores(request, [me, *[f["account_id"] for f in friends]], me)
    if answer.status_code != 200:
        return answer
    by_id = {s["account_id"]: s for s in answer.content.get("scores") or []}
    rows = [
        {
            "account_id": f["account_id"],
            "callsign": by_id.get(f["account_id"], {}).get("callsign") or f.get("callsign"),
            "mutual": bool(f.get("mutual")),
            **_score(by_id.get(f["account_id"])),
        }
        for f in friends
    ]
    rows.sort(key=lambda r: (-(r["today"] if r["today"] is not None else -1), -r["week"], str(r["callsign"])))
    own = by_id.get(me) or {}
    return Response(
        {"me": {"account_id": me, "callsign": own.get("callsign"), **_score(own)}, "friends": rows},
        status_code=200,
    )


async def _challenge_scores(request: Request, token: str) -> Response[Any]:
    me = identity_of(request).account_id
    opened = await ask(request, "challenge.open", {"account_id": me, "token": token})
    if opened.status_code != 200:
        return opened
    challenge = opened.content["challenge"]
    sender = challenge["sender"]
    answer = await _scores(request, [sender["account_id"], me], me, challenge["daily_date"])
    if answer.status_code != 200:
        return answer
    by_id = {s["account_id"]: s for s in answer.content.get("scores") or []}
    return Response(
        {
            "daily_date": challenge["daily_date"],
            "own": bool(opened.content.get("own")),
            "sender": {
                "account_id": sender["account_id"],
                "callsign": sender.get("callsign") or (by_id.get(sender["account_id"]) or {}).get("callsign"),
                "credits": (by_id.get(sender["account_id"]) or {}).get("today"),
            },
            "me": {
                "account_id": me,
                "callsign": (by_id.get(me) or {}).get("callsign"),
                "credits": (by_id.get(me) or {}).get("today"),
            },
        },
        status_code=200,
    )


@get("/api/v1/challenges/{token:str}/scores", operation_id="challengeScores", **NEEDS_SESSION)
async def challenge_scores(request: Request, token: FromPath[str]) -> Response[ChallengeScores]:
    """The challenge's day, who sent it, and both scores of that day's Daily side by side (`credits` is
    null until that player finished it)."""
    return await _challenge_scores(request, token)


@post("/api/v1/challenges/{token:str}/played", operation_id="challengePlayed", status_code=200, **NEEDS_SESSION)
async def challenge_played(request: Request, token: FromPath[str]) -> Response[ChallengePlayed]:
    """The caller played the challenge's Daily through the link: recorded once (he and the sender become
    friends). Refused until the leagues service knows his finished game of that day."""
    scores = await _challenge_scores(request, token)
    if scores.status_code != 200:
        return scores
    if scores.content["own"]:
        return _error("own_challenge", "This is your own challenge.", "Это ваш собственный вызов.", 400)
    if scores.content["me"]["credits"] is None:
        return _error(
            "daily_not_played",
            "Finish the challenge's Daily first.",
            "Сначала сыграйте Вызов дня этого вызова до конца.",
            409,
        )
    recorded = await ask(request, "challenge.played", {"account_id": identity_of(request).account_id, "token": token})
    if recorded.status_code != 200:
        return recorded
    return Response(
        {
            **scores.content,
            "recorded": recorded.content.get("recorded"),
            "friends_made": recorded.content.get("friends_made"),
        },
        status_code=200,
    )


FRIENDS_SCORES_ROUTES = (friends_scores, challenge_scores, challenge_played)
