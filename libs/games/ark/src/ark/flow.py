"""What happens by itself: the next step of the game, the votes and turns of departed players, tallies.

`follow(room, at)` returns the next batch of automatic events, or [] when the room waits for a player or a
timer. `expire(room, reason)` applies the timeout rules to the whole current step.
"""

from __future__ import annotations

from echo_events.model import Event

from . import events as ev
from .draw import draw
from .evolve import evolve
from .finale import finish, hint_pairs, kind_candidates
from .incidents import deal_incidents
from .schedule import ROUNDS, exiles_in_round
from .state import Room, Step
from .votes import missing_ballots, tally

REVOTE_FACTOR = 1.5


def _deadline(at: float, seconds: float | None) -> float | None:
    return None if seconds is None else at + seconds


def _departed(room: Room, ids: tuple[str, ...] | list[str]) -> list[str]:
    return [pid for pid in ids if room.get(pid).departed]


def follow(room: Room, at: float) -> list[Event]:
    step = room.step
    if step is None:
        return _next_step(room, at)
    if step.kind == "prepare":
        late = [pid for pid in _departed(room, room.ids) if pid not in step.requested]
        if late:
            return [ev.PlayerPrepared(player=pid) for pid in late]
        return [ev.PreparationEnded(reason="all_prepared")] if len(step.requested) == len(room.players) else []
    if step.kind in ("reveal", "discussion", "incident_discussion"):
        return expire(room, "departed") if room.get(step.player or "").departed else []
    if step.kind == "common_discussion":
        waiting = [p for p in room.players if not p.departed and p.id not in step.requested]
        return [] if waiting else [ev.DiscussionEnded(step_id=step.id, reason="agreed")]
    owed = missing_ballots(room, step, _departed(room, step.voters))
    if owed:
        return owed
    if len(step.ballots) < len(step.voters):
        return []
    if step.kind == "exile_vote" and step.attempt > 1 and len(_departed(room, step.voters)) == len(step.voters):
        # Nobody can change a revote of departed players: only a timer resolves it (revotes have no limit).
        return []
    return tally(room, step)


def expire(room: Room, reason: str) -> list[Event]:
    """The timeout rules for the current step; `reason` is timeout, skipped or departed."""
    step = room.step
    assert step is not None
    if step.kind == "prepare":
        return [ev.PreparationEnded(reason="skipped" if reason == "skipped" else "timeout")]
    if step.kind == "reveal":
        return [_timeout_reveal(room, step)]
    if step.kind in ("discussion", "common_discussion", "incident_discussion"):
        return [ev.DiscussionEnded(step_id=step.id, reason=reason)]  # type: ignore[arg-type]
    ballots = missing_ballots(room, step, step.voters)
    after = room
    for ballot in ballots:
        after = evolve(after, ballot)
    assert after.step is not None
    return [*ballots, *tally(after, after.step)]


def _timeout_reveal(room: Room, step: Step) -> Event:
    player = room.get(step.player or "")
    if room.round == 1:
        category = "profession"
    else:
        hidden = player.hidden()
        category = hidden[draw(room.seed, "timeout_card", room.round, player.id, n=len(hidden))]
    return ev.CardRevealed(player=player.id, category=category, card=player.card(category), by_timeout=True)


def _next_step(room: Room, at: float) -> list[Event]:
    if room.phase == "preparation":
        return [ev.RoundStarted(round=1, ark_card=room.ark_deck[0])]
    if room.phase == "round":
        return _next_in_round(room, at)
    if room.phase == "incidents":
        return _next_incident(room, at)
    if room.phase == "kind_vote":
        assert room.kind is not None
        return _kind_vote(room, at, room.kind.candidates) if room.kind.result is None else finish(room, at)
    return []


def _next_in_round(room: Room, at: float) -> list[Event]:
    settings, step_id = room.settings, room.steps_opened + 1
    for player in room.players:
        if player.exiled:
            continue
        if player.id not in room.revealed_this_round:
            return [ev.TurnStarted(player=player.id, kind="reveal", step_id=step_id,
                                   deadline=_deadline(at, settings.card))]
        if settings.format == "separate" and player.id not in room.discussed_this_round:
            return [ev.TurnStarted(player=player.id, kind="discussion", step_id=step_id,
                                   deadline=_deadline(at, settings.discussion))]
    if settings.format == "common" and not room.common_done:
        length = None if settings.discussion is None else settings.discussion * len(room.not_exiled)
        return [ev.DiscussionStarted(step_id=step_id, deadline=_deadline(at, length))]
    if room.exiles_this_round < exiles_in_round(len(room.players), room.round):
        return [_exile_vote(room, at)]
    if room.round < ROUNDS:
        return [ev.RoundStarted(round=room.round + 1, ark_card=room.ark_deck[room.round])]
    return _after_rounds(room, at)


def _exile_vote(room: Room, at: float) -> Event:
    index = room.exiles_this_round + 1
    last = room.tallies[-1] if room.tallies else None
    tied = last is not None and last.kind == "exile" and (last.round, last.index) == (room.round, index)
    attempt = last.attempt + 1 if tied and last is not None else 1
    voting = room.settings.voting
    length = None if voting is None else voting * (REVOTE_FACTOR if attempt > 1 else 1)
    return ev.ExileVoteOpened(step_id=room.steps_opened + 1, round=room.round, index=index, attempt=attempt,
                              targets=room.not_exiled, voters=room.ids, deadline=_deadline(at, length))


def _after_rounds(room: Room, at: float) -> list[Event]:
    if room.settings.mode == "survival":
        hidden = {p.id: {c: p.card(c) for c in p.hidden()} for p in room.players if p.hidden()}
        exiled = tuple(p.id for p in room.players if p.exiled)
        return [ev.IncidentsBegan(exiled=exiled, ark=room.not_exiled, revealed=hidden), deal_incidents(room)]
    return _after_incidents(room, at)


def _next_incident(room: Room, at: float) -> list[Event]:
    subject = room.awaiting_survival_vote
    if subject is not None:
        voters = tuple(pid for pid in room.ids if pid != subject)
        return [ev.SurvivalVoteOpened(step_id=room.steps_opened + 1, subject=subject, voters=voters,
                                      deadline=_deadline(at, room.settings.voting))]
    for player in room.players:
        if player.id not in room.faced:
            return [ev.IncidentTurnStarted(subject=player.id, cards=player.incidents, step_id=room.steps_opened + 1,
                                           deadline=_deadline(at, room.settings.discussion))]
    return _after_incidents(room, at)


def _after_incidents(room: Room, at: float) -> list[Event]:
    if room.settings.incubator:
        return finish(room, at)
    candidates = kind_candidates(room)
    if len(candidates) < 2:
        return [ev.KindFailed(candidates=candidates)]
    return _kind_vote(room, at, candidates)


def _kind_vote(room: Room, at: float, candidates: tuple[str, ...]) -> list[Event]:
    attempt = room.kind_attempts + 1
    voting = room.settings.voting
    length = None if voting is None else voting * (REVOTE_FACTOR if attempt > 1 else 1)
    return [ev.KindVoteOpened(step_id=room.steps_opened + 1, attempt=attempt, candidates=candidates,
                              hint_pairs=hint_pairs(room, candidates), voters=room.ids,
                              deadline=_deadline(at, length))]
