"""`evolve`: applies one event to a room. Pure bookkeeping: nothing is drawn or decided here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from echo_events.model import Event

from . import chat
from . import events as ev
from .catalogue import CATEGORIES
from .state import Ballot, Kind, Outcome, Player, Room, Step, Tally

Handler = Callable[[Room, Any], Room]


def _with_player(room: Room, player_id: str, **changes: object) -> Room:
    players = tuple(p._replace(**changes) if p.id == player_id else p for p in room.players)
    return room._replace(players=players)


def _with_step(room: Room, **changes: object) -> Room:
    assert room.step is not None
    return room._replace(step=room.step._replace(**changes))


def _open(room: Room, step: Step) -> Room:
    return room._replace(step=step, steps_opened=step.id)


def _joined(room: Room, e: ev.PlayerJoined) -> Room:
    player = Player(id=e.player, nick=e.nick, joined=e.ordinal)
    owner = room.owner if room.owner is not None else e.player
    return room._replace(players=(*room.players, player), joins=e.ordinal, owner=owner)


def _left(room: Room, e: ev.PlayerLeft | ev.PlayerKicked) -> Room:
    players = tuple(p for p in room.players if p.id != e.player)
    kicked = room.kicked | {e.player} if isinstance(e, ev.PlayerKicked) else room.kicked
    return room._replace(players=players, kicked=kicked)


def _settings(room: Room, e: ev.SettingsChanged) -> Room:
    return room._replace(settings=e.settings, players=tuple(p._replace(ready=False) for p in room.players))


def _started(room: Room, e: ev.GameStarted) -> Room:
    by_id = {p.id: p._replace(ready=False) for p in room.players}
    room = room._replace(phase="preparation", settings=e.settings, turn_order=e.turn_order,
                   players=tuple(by_id[pid] for pid in e.turn_order), catastrophe=e.catastrophe, years=e.years)
    return _open(room, Step(id=e.step_id, kind="prepare", player=None, deadline=e.deadline))


def _dealt(room: Room, e: ev.CharactersDealt) -> Room:
    players = tuple(p._replace(cards=tuple(e.cards[p.id][c] for c in CATEGORIES)) for p in room.players)
    return room._replace(players=players)


def _prepared(room: Room, e: ev.PlayerPrepared) -> Room:
    assert room.step is not None
    return _with_step(room, requested=(*room.step.requested, e.player))


def _round(room: Room, e: ev.RoundStarted) -> Room:
    return room._replace(phase="round", round=e.round, step=None, exiles_this_round=0,
                   revealed_this_round=frozenset(), discussed_this_round=frozenset(), common_done=False)


def _turn(room: Room, e: ev.TurnStarted) -> Room:
    return _open(room, Step(id=e.step_id, kind=e.kind, player=e.player, deadline=e.deadline))


def _revealed(room: Room, e: ev.CardRevealed) -> Room:
    player = room.get(e.player)
    room = _with_player(room, e.player, shown=player.shown | {e.category})
    return room._replace(step=None, revealed_this_round=room.revealed_this_round | {e.player})


def _discussion(room: Room, e: ev.DiscussionStarted) -> Room:
    return _open(room, Step(id=e.step_id, kind="common_discussion", player=None, deadline=e.deadline))


def _requested(room: Room, e: ev.EndDiscussionRequested) -> Room:
    assert room.step is not None
    return _with_step(room, requested=(*room.step.requested, e.player))


def _discussion_ended(room: Room, e: ev.DiscussionEnded) -> Room:
    step = room.step
    assert step is not None
    if step.kind == "discussion":
        return room._replace(step=None, discussed_this_round=room.discussed_this_round | {step.player or ""})
    if step.kind == "common_discussion":
        return room._replace(step=None, common_done=True)
    return room._replace(step=None, awaiting_survival_vote=step.player)


def _exile_vote(room: Room, e: ev.ExileVoteOpened) -> Room:
    return _open(room, Step(id=e.step_id, kind="exile_vote", player=None, deadline=e.deadline, attempt=e.attempt,
                            index=e.index, targets=e.targets, voters=e.voters))


def _ballot(room: Room, voter: str, choice: object, ref: str) -> Room:
    assert room.step is not None
    room = _with_step(room, ballots=(*room.step.ballots, (voter, choice)))
    return room._replace(ballots=(*room.ballots, Ballot(voter, ref, choice)))  # type: ignore[arg-type]


def _exile_cast(room: Room, e: ev.ExileVoteCast) -> Room:
    step = room.step
    assert step is not None
    return _ballot(room, e.voter, e.target, f"exile:{room.round}:{step.index}:{step.attempt}")


def _exile_tallied(room: Room, e: ev.ExileVoteTallied) -> Room:
    tally = Tally(kind="exile", round=e.round, index=e.index, attempt=e.attempt, counts=tuple(e.tally.items()),
                  abstained=e.abstained, result=e.result)
    return room._replace(step=None, tallies=(*room.tallies, tally))


def _exiled(room: Room, e: ev.PlayerExiled) -> Room:
    room = _with_player(room, e.player, exiled=True, shown=frozenset(CATEGORIES))
    return room._replace(exiled=(*room.exiled, e.player), exiles_this_round=room.exiles_this_round + 1)


def _incidents_began(room: Room, e: ev.IncidentsBegan) -> Room:
    players = tuple(p._replace(shown=frozenset(CATEGORIES)) for p in room.players)
    return room._replace(phase="incidents", step=None, players=players)


def _incidents_dealt(room: Room, e: ev.IncidentsDealt) -> Room:
    return room._replace(players=tuple(p._replace(incidents=e.cards.get(p.id, ())) for p in room.players))


def _incident_turn(room: Room, e: ev.IncidentTurnStarted) -> Room:
    room = _with_player(room, e.subject, incidents_shown=True)
    return _open(room, Step(id=e.step_id, kind="incident_discussion", player=e.subject, deadline=e.deadline))


def _cited(room: Room, e: ev.CardCited) -> Room:
    assert room.step is not None
    return _with_step(room, cited=(*room.step.cited, (e.player, e.card)))


def _survival_vote(room: Room, e: ev.SurvivalVoteOpened) -> Room:
    step = Step(id=e.step_id, kind="survival_vote", player=e.subject, deadline=e.deadline, voters=e.voters)
    return _open(room, step)._replace(awaiting_survival_vote=None)


def _survival_cast(room: Room, e: ev.SurvivalVoteCast) -> Room:
    assert room.step is not None
    return _ballot(room, e.voter, e.survived, f"survival:{room.step.player}")


def _survival_tallied(room: Room, e: ev.SurvivalVoteTallied) -> Room:
    tally = Tally(kind="survival", subject=e.subject, s=e.survived_votes, v=e.voters)
    return room._replace(step=None, tallies=(*room.tallies, tally))


def _fate(room: Room, e: ev.PlayerSurvived | ev.PlayerDied) -> Room:
    last = room.tallies[-1]
    tallies = (*room.tallies[:-1], replace(last, result="survived" if isinstance(e, ev.PlayerSurvived) else "died"))
    room = room._replace(faced=(*room.faced, e.player), tallies=tallies)
    return _with_player(room, e.player, alive=False) if isinstance(e, ev.PlayerDied) else room


def _kind_vote(room: Room, e: ev.KindVoteOpened) -> Room:
    room = room._replace(phase="kind_vote", kind=Kind(e.candidates, e.hint_pairs), kind_attempts=e.attempt)
    return _open(room, Step(id=e.step_id, kind="kind_vote", player=None, deadline=e.deadline, attempt=e.attempt,
                            voters=e.voters))


def _kind_cast(room: Room, e: ev.KindVoteCast) -> Room:
    assert room.step is not None
    return _ballot(room, e.voter, e.continue_kind, f"kind:{room.step.attempt}")


def _kind_tallied(room: Room, e: ev.KindVoteTallied) -> Room:
    tally = Tally(kind="kind", attempt=e.attempt, s=e.votes_for, v=e.votes_against, result=e.result)
    return room._replace(step=None, tallies=(*room.tallies, tally))


def _kind_result(room: Room, e: ev.KindContinued | ev.KindFailed) -> Room:
    result = "continued" if isinstance(e, ev.KindContinued) else "failed"
    kind = room.kind or Kind(candidates=e.candidates if isinstance(e, ev.KindFailed) else (), hint_pairs=())
    return room._replace(phase="kind_vote", kind=replace(kind, result=result))  # type: ignore[arg-type]


def _departed(room: Room, e: ev.PlayerDeparted) -> Room:
    room = _with_player(room, e.player, departed=True, connected=False)
    return room._replace(last_disconnect_at=e.at)


def _disconnected(room: Room, e: ev.PlayerDisconnected) -> Room:
    return _with_player(room, e.player, connected=False)._replace(last_disconnect_at=e.at)


def _finished(room: Room, e: ev.GameFinished) -> Room:
    players = tuple(p._replace(shown=frozenset(CATEGORIES), incidents_shown=True) for p in room.players)
    outcome = Outcome(e.ending, e.ending_card, e.winners, tuple(e.results.items()), e.at)
    return room._replace(phase="finished", step=None, players=players, outcome=outcome)


def _same(room: Room, e: Event) -> Room:
    return room


HANDLERS: dict[type[Event], Handler] = {
    ev.PlayerJoined: _joined,
    ev.PlayerLeft: _left,
    ev.PlayerKicked: _left,
    ev.NicknameChanged: lambda r, e: _with_player(r, e.player, nick=e.nick),
    ev.SettingsChanged: _settings,
    ev.ReadinessChanged: lambda r, e: _with_player(r, e.player, ready=e.ready),
    ev.OwnershipPassed: lambda r, e: r._replace(owner=e.owner),
    ev.RoomClosed: lambda r, e: r._replace(phase="closed", step=None),
    ev.GameStarted: _started,
    ev.CharactersDealt: _dealt,
    ev.ArkCardsDrawn: lambda r, e: r._replace(ark_deck=e.cards),
    ev.PlayerPrepared: _prepared,
    ev.PreparationEnded: lambda r, e: r._replace(step=None),
    ev.RoundStarted: _round,
    ev.TurnStarted: _turn,
    ev.CardRevealed: _revealed,
    ev.TurnPassed: _same,
    ev.DiscussionStarted: _discussion,
    ev.EndDiscussionRequested: _requested,
    ev.DiscussionEnded: _discussion_ended,
    ev.ExileVoteOpened: _exile_vote,
    ev.ExileVoteCast: _exile_cast,
    ev.ExileVoteTallied: _exile_tallied,
    ev.ExileVoteTied: _same,
    ev.PlayerExiled: _exiled,
    ev.IncidentsBegan: _incidents_began,
    ev.IncidentsDealt: _incidents_dealt,
    ev.IncidentTurnStarted: _incident_turn,
    ev.CardCited: _cited,
    ev.SurvivalVoteOpened: _survival_vote,
    ev.SurvivalVoteCast: _survival_cast,
    ev.SurvivalVoteTallied: _survival_tallied,
    ev.PlayerSurvived: _fate,
    ev.PlayerDied: _fate,
    ev.KindVoteOpened: _kind_vote,
    ev.KindVoteCast: _kind_cast,
    ev.KindVoteTallied: _kind_tallied,
    ev.KindVoteTied: _same,
    ev.KindContinued: _kind_result,
    ev.KindFailed: _kind_result,
    ev.PlayerConnected: lambda r, e: _with_player(r, e.player, connected=True),
    ev.PlayerDisconnected: _disconnected,
    ev.PlayerDeparted: _departed,
    ev.StepSkipped: _same,
    ev.SessionExpired: lambda r, e: r._replace(phase="void", step=None),
    ev.GameFinished: _finished,
    ev.GameDeleted: lambda r, e: r._replace(phase="deleted"),
    ev.ChatPosted: chat.posted,
    ev.PlayerMuted: chat.muted,
}


def evolve(room: Room, event: Event) -> Room:
    if isinstance(event, ev.RoomCreated):
        return Room(seed=bytes.fromhex(event.seed), catalogue=event.catalogue)
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not an Ark event: {type(event).__name__}")
    return handler(room, event)


def fold(events: Iterable[Event]) -> Room:
    """The room of a whole stream, which starts with `RoomCreated`."""
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, ev.RoomCreated):
        raise ValueError("an Ark stream starts with RoomCreated")
    room = evolve(None, first)  # type: ignore[arg-type]
    for event in iterator:
        room = evolve(room, event)
    return room
