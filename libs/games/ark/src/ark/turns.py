"""Commands of a running game, checked once the step kind is known to fit (decide.py)."""

from __future__ import annotations

from echo_events.model import Event

from . import commands as cmd
from . import events as ev
from .catalogue import CATEGORIES
from .flow import expire
from .incidents import citable, same_team
from .rejection import Rejection
from .state import Room, Step

Outcome = list[Event] | Rejection
NOT_YOUR_TURN = Rejection("not_your_turn", "another player is active")


def reveal(room: Room, step: Step, command: cmd.RevealCard) -> Outcome:
    if step.player != command.player:
        return NOT_YOUR_TURN
    player = room.get(command.player)
    category = command.card if command.card in CATEGORIES else player.category_of(command.card)
    if category is None:
        return Rejection("not_your_card", "that card is not one of yours")
    if category in player.shown:
        return Rejection("card_already_revealed", "that card is already open")
    if room.round == 1 and category != "profession":
        return Rejection("profession_first", "round 1 reveals the Profession")
    return [ev.CardRevealed(player=player.id, category=category, card=player.card(category), by_timeout=False)]


def pass_turn(room: Room, step: Step, command: cmd.PassTurn) -> Outcome:
    if step.player != command.player:
        return NOT_YOUR_TURN
    return [ev.TurnPassed(player=command.player), ev.DiscussionEnded(step_id=step.id, reason="passed")]


def request_end(room: Room, step: Step, command: cmd.RequestEndDiscussion) -> Outcome:
    if command.player in step.requested:
        return Rejection("already_voted", "already asked to end the discussion")
    return [ev.EndDiscussionRequested(player=command.player)]


def prepared(room: Room, step: Step, command: cmd.ConfirmPrepared) -> Outcome:
    if command.player in step.requested:
        return Rejection("already_voted", "already confirmed")
    return [ev.PlayerPrepared(player=command.player)]


def exile_vote(room: Room, step: Step, command: cmd.CastExileVote) -> Outcome:
    if command.player in step.voted:
        return Rejection("already_voted", "votes are final")
    if command.target not in step.targets:
        return Rejection("bad_target", "only a player not yet exiled can be voted out")
    return [ev.ExileVoteCast(step_id=step.id, voter=command.player, target=command.target)]


def survival_vote(room: Room, step: Step, command: cmd.CastSurvivalVote) -> Outcome:
    if command.player not in step.voters:
        return Rejection("not_a_voter", "nobody votes on his own survival")
    if command.player in step.voted:
        return Rejection("already_voted", "votes are final")
    return [ev.SurvivalVoteCast(step_id=step.id, voter=command.player, survived=command.survived)]


def kind_vote(room: Room, step: Step, command: cmd.CastKindVote) -> Outcome:
    if command.player in step.voted:
        return Rejection("already_voted", "votes are final")
    return [ev.KindVoteCast(step_id=step.id, voter=command.player, continue_kind=command.continue_kind)]


def cite(room: Room, step: Step, command: cmd.CiteCard) -> Outcome:
    subject = step.player or ""
    if not same_team(room, subject, command.player):
        return Rejection("not_your_turn", "only the subject's team may cite cards")
    card = citable(room, subject, command.card)
    if card is None:
        return Rejection("card_not_usable", "the subject's team cannot use that card")
    return [ev.CardCited(player=command.player, card=card)]


def to_vote(room: Room, step: Step, command: cmd.EndIncidentDiscussion) -> Outcome:
    if step.player != command.player:
        return NOT_YOUR_TURN
    return [ev.DiscussionEnded(step_id=step.id, reason="passed")]


def awaited(room: Room, step: Step) -> list[str]:
    """Who the step waits for."""
    if step.kind in ("reveal", "discussion", "incident_discussion"):
        return [step.player or ""]
    if step.kind in ("prepare", "common_discussion"):
        return [p.id for p in room.players if not p.departed and p.id not in step.requested]
    return [voter for voter in step.voters if voter not in step.voted]


def skip(room: Room, step: Step, command: cmd.SkipStep) -> Outcome:
    if command.player != room.owner:
        return Rejection("not_owner", "only the owner may skip")
    stalled = step.deadline is None and any(not room.get(pid).connected for pid in awaited(room, step))
    if not stalled:
        return Rejection("not_stalled", "the step has a timer or nobody awaited is disconnected")
    return [ev.StepSkipped(step_id=step.id, by=command.player), *expire(room, "skipped")]


def leave_game(room: Room, command: cmd.LeaveGame) -> Outcome:
    events: list[Event] = [ev.PlayerDeparted(player=command.player, at=command.at)]
    if room.owner == command.player:
        order = list(room.ids)
        start = order.index(command.player)
        rotated = order[start + 1:] + order[:start]
        heir = next((pid for pid in rotated if not room.get(pid).departed), None)
        if heir is not None:
            events.append(ev.OwnershipPassed(owner=heir))
    return events


STEP_COMMANDS = {
    cmd.ConfirmPrepared: ("prepare", prepared),
    cmd.RevealCard: ("reveal", reveal),
    cmd.PassTurn: ("discussion", pass_turn),
    cmd.RequestEndDiscussion: ("common_discussion", request_end),
    cmd.CastExileVote: ("exile_vote", exile_vote),
    cmd.CiteCard: ("incident_discussion", cite),
    cmd.EndIncidentDiscussion: ("incident_discussion", to_vote),
    cmd.CastSurvivalVote: ("survival_vote", survival_vote),
    cmd.CastKindVote: ("kind_vote", kind_vote),
}
