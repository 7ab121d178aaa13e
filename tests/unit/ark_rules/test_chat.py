"""The room's chat in the rules (ark.chat): bounded lines, a rate limit on the commands' own times, the owner's
mute, and a chat only the room's players see; the hosting hooks the engine uses for presence and for one room
at a time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from ark import hosting
from ark.chat import BURST, KEPT, SHOWN, WINDOW
from ark.commands import CHAT_LENGTH
from echo_events.game_rules import is_rejection
from pydantic import ValidationError

from tests.unit.ark_rules.ark_helpers import Table
from tests.unit.ark_rules.test_hosting import Hosted


def test_a_line_reaches_every_player_of_the_room_and_nobody_else() -> None:
    room = Hosted()
    room.sit(5)
    assert not is_rejection(room.act(1, type="SendChat", text="  привет всем  "))
    for seat in range(5):
        assert room.view(seat)["chat"] == [{"player": "p1", "text": "привет всем", "at": room.now.timestamp()}]
    assert "chat" not in hosting.view(room.room, None), "a spectator reads no chat"
    assert not is_rejection(room.act(0, type="KickPlayer", target="p4"))
    assert "chat" not in room.view(4), "a kicked player reads no chat"
    assert room.act(4, type="SendChat", text="я тут").code == "not_in_room"


def test_lines_are_bounded_and_blank_ones_refused() -> None:
    room = Hosted()
    room.sit(4)
    with pytest.raises(ValidationError):
        room.act(1, type="SendChat", text="я" * (CHAT_LENGTH + 1))
    with pytest.raises(ValidationError):
        room.act(1, type="SendChat", text="")
    assert room.act(1, type="SendChat", text="   ").code == "bad_command"
    # issue 35, point 8: nothing visible is blank too, and control and format characters are removed
    for blank in ("\u200b\u200d\ufeff", "\u202e\u2066", "\x00\x07", "\u3164 \u2800"):
        assert room.act(1, type="SendChat", text=blank).code == "bad_command", repr(blank)
    assert not is_rejection(room.act(2, type="SendChat", text="при\x07вет \u202eмир\u202c"))
    assert room.view(0)["chat"][-1]["text"] == "привет мир"
    assert not is_rejection(room.act(1, type="SendChat", text="я" * CHAT_LENGTH))


def test_a_player_writes_at_most_a_burst_in_a_window() -> None:
    room = Hosted()
    room.sit(4)
    for n in range(BURST):
        assert not is_rejection(room.act(1, type="SendChat", text=f"line {n}"))
    assert room.act(1, type="SendChat", text="one too many").code == "chat_too_fast"
    assert not is_rejection(room.act(2, type="SendChat", text="another player is not limited by him"))
    room.now += timedelta(seconds=WINDOW)
    assert not is_rejection(room.act(1, type="SendChat", text="the window has passed"))


def test_the_owner_mutes_and_unmutes_a_player() -> None:
    room = Hosted()
    room.sit(4)
    assert room.act(1, type="MutePlayer", target="p2").code == "not_owner"
    assert room.act(0, type="MutePlayer", target="p0").code == "bad_target"
    assert not is_rejection(room.act(0, type="MutePlayer", target="p2"))
    assert room.view(3)["muted"] == ["p2"]
    assert room.act(2, type="SendChat", text="hello?").code == "muted"
    assert not is_rejection(room.act(0, type="MutePlayer", target="p2", muted=False))
    assert not is_rejection(room.act(2, type="SendChat", text="hello!"))


def test_the_chat_goes_on_through_the_game_and_its_final_screen_and_keeps_the_latest_lines() -> None:
    room = Hosted({"timers": False}).started(4)
    for n in range(KEPT + 5):
        room.now += timedelta(seconds=WINDOW)
        assert not is_rejection(room.act(n % 4, type="SendChat", text=f"line {n}"))
    assert len(room.room.chat) == KEPT and room.room.chat[-1].text == f"line {KEPT + 4}"
    shown = room.view(0)["chat"]
    assert len(shown) == SHOWN and shown[-1]["text"] == f"line {KEPT + 4}"
    room.play_along(4)
    assert room.room.phase == "finished"
    assert not is_rejection(room.act(1, type="SendChat", text="gg"))


def test_presence_and_one_room_at_a_time_hooks() -> None:
    room = Hosted()
    room.sit(4)
    assert not is_rejection(room.apply(hosting.presence(2, False, room.now)))
    assert [p.get("away", False) for p in room.view(0)["players"]] == [False, False, True, False]
    assert not is_rejection(room.apply(hosting.presence(2, True, room.now)))
    assert not any(p.get("away") for p in room.view(0)["players"])
    assert hosting.occupies(room.room, 3)
    assert not is_rejection(room.act(3, type="LeaveRoom"))
    assert not hosting.occupies(room.room, 3), "a player who left the lobby is free"


def test_arkctl_scripts_talk_and_mute() -> None:
    table = Table()
    assert table.do("join a", "join b", "chat b привет всем") is None
    assert table.do("mute a b", "chat b ещё") == "muted"
    assert table.do("unmute a b", "chat b снова", "chat z кто я") == "not_in_room"
    assert [line["text"] for line in table.view("b")["chat"]] == ["привет всем", "снова"]
    assert table.view("b")["chat"][0]["at"] == 0, "seconds as JSON shows them"
