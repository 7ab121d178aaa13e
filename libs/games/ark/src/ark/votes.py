"""Ballots and tallies: the timeout choice of each vote, and the tally events once every voter has voted."""

from __future__ import annotations

from echo_events.model import Event

from . import events as ev
from .catalogue import CATEGORIES
from .draw import draw
from .state import Choice, Room, Step


def timeout_choice(room: Room, step: Step, voter: str) -> Choice:
    """Exile: a non-exiled player votes against himself, an exiled one abstains; survival «Погиб»; kind «Против»."""
    if step.kind == "exile_vote":
        return None if room.get(voter).exiled else voter
    return False


def ballot(step: Step, voter: str, choice: Choice) -> Event:
    if step.kind == "exile_vote":
        return ev.ExileVoteCast(step_id=step.id, voter=voter, target=choice)  # type: ignore[arg-type]
    if step.kind == "survival_vote":
        return ev.SurvivalVoteCast(step_id=step.id, voter=voter, survived=bool(choice))
    return ev.KindVoteCast(step_id=step.id, voter=voter, continue_kind=bool(choice))


def missing_ballots(room: Room, step: Step, voters: list[str] | tuple[str, ...]) -> list[Event]:
    """The timeout ballots of those voters who have not voted yet."""
    voted = set(step.voted)
    return [ballot(step, voter, timeout_choice(room, step, voter)) for voter in voters if voter not in voted]


def tally(room: Room, step: Step) -> list[Event]:
    """The result of a vote every voter has cast."""
    choices = [choice for _, choice in step.ballots]
    if step.kind == "exile_vote":
        return _exile_tally(room, step, choices)
    if step.kind == "survival_vote":
        subject = step.player or ""
        survived, voters = sum(1 for c in choices if c), len(choices)
        fate: Event = (ev.PlayerSurvived(player=subject) if draw(room.seed, "survival", subject, n=voters) < survived
                       else ev.PlayerDied(player=subject))
        return [ev.SurvivalVoteTallied(subject=subject, survived_votes=survived, voters=voters), fate]
    votes_for = sum(1 for c in choices if c)
    against = len(choices) - votes_for
    result = "tie" if votes_for == against else "continued" if votes_for > against else "failed"
    tallied = ev.KindVoteTallied(attempt=step.attempt, votes_for=votes_for, votes_against=against, result=result)
    if result == "tie":
        return [tallied, ev.KindVoteTied(attempt=step.attempt)]
    return [tallied, ev.KindContinued() if result == "continued" else ev.KindFailed(candidates=())]


def _exile_tally(room: Room, step: Step, choices: list[Choice]) -> list[Event]:
    counts = {target: 0 for target in step.targets}
    for choice in choices:
        if choice is not None:
            counts[str(choice)] += 1
    most = max(counts.values())
    leaders = [target for target, count in counts.items() if count == most]
    result = leaders[0] if len(leaders) == 1 else "tie"
    tallied = ev.ExileVoteTallied(round=room.round, index=step.index, attempt=step.attempt, tally=counts,
                                  abstained=choices.count(None), result=result)
    if result == "tie":
        return [tallied, ev.ExileVoteTied(round=room.round, index=step.index, attempt=step.attempt)]
    exiled = room.get(result)
    cards = {category: exiled.card(category) for category in CATEGORIES}
    return [tallied, ev.PlayerExiled(player=result, cards=cards)]
