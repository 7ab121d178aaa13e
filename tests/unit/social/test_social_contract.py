"""The social contract: events register and round-trip through the envelope; commands validate input;
the pure rules import no I/O."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from echo_events import social
from echo_events.envelope import Batch, decode, encode, unwrap, wrap
from echo_events.registry import registered_commands, registered_events
from echo_events.social_commands import AddFriend, SearchPlayers, SetCallsign, command_subject
from pydantic import ValidationError

from tests.unit.test_import_boundary import forbidden_imports

pytestmark = pytest.mark.unit

AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
SAMPLES = [
    social.CallsignChanged(account_id="a", callsign="Вася", previous=None),
    social.EmailConfirmationRequested(account_id="a", email_masked="v***@x.ru", expires_at=AT),
    social.EmailConfirmed(account_id="a", email_masked="v***@x.ru"),
    social.LoginLinkRequested(account_id="a", expires_at=AT),
    social.DeviceLinked(account_id="a", device_id="d"),
    social.FriendAdded(account_id="a", friend_id="b", mutual=True, via="challenge"),
    social.FriendRemoved(account_id="a", friend_id="b", reason="blocked"),
    social.PlayerBlocked(account_id="a", blocked_id="b"),
    social.PlayerUnblocked(account_id="a", blocked_id="b"),
    social.ChallengeCreated(account_id="a", challenge_id="c", daily_date=date(2026, 11, 30)),
    social.ChallengeOpened(account_id="b", challenge_id="c", sender_id="a"),
    social.ChallengeAccepted(
        account_id="b", challenge_id="c", sender_id="a", daily_date=date(2026, 11, 30), friends_made=True
    ),
]


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_events_round_trip(event: social.Event) -> None:
    assert registered_events()[event.event_type] is type(event)
    assert event.event_type.startswith("account.")
    envelope = wrap(event, event_id="e", stream_id=event.account_id, version=2, occurred_at=AT)
    assert unwrap(decode(encode(Batch(events=(envelope,)))).events[0]) == event


def test_events_are_frozen_and_strict() -> None:
    with pytest.raises(ValidationError):
        social.FriendAdded(account_id="a", friend_id="b", mutual=True, surprise=1)
    with pytest.raises(ValidationError):
        SAMPLES[0].callsign = "x"  # type: ignore[misc]


def test_commands_validate_their_input() -> None:
    assert command_subject("callsign.set") == "social.cmd.callsign.set"
    assert "callsign.set" in registered_commands()
    with pytest.raises(ValidationError):
        SetCallsign(account_id="a b", callsign="x")  # ids are plain tokens
    with pytest.raises(ValidationError):
        SetCallsign(account_id="a", callsign="x" * 101)
    with pytest.raises(ValidationError):
        AddFriend(account_id="a")  # neither callsign nor friend_id
    with pytest.raises(ValidationError):
        AddFriend(account_id="a", callsign="x", friend_id="b")
    with pytest.raises(ValidationError):
        SearchPlayers(account_id="a", query="")
    assert SearchPlayers(account_id="a", query=" Вас ").query == "Вас"


def test_the_social_rules_import_no_io() -> None:
    folder = Path(__file__).resolve().parents[3] / "services/social/src/echo_social/domain"
    files = sorted(folder.glob("*.py"))
    assert len(files) >= 4
    for path in files:
        assert forbidden_imports(path.read_text(encoding="utf-8")) == [], path
