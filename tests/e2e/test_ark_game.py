"""Ark in five browsers (four phones, one desktop... here three phones and two desktops) through the real gateway
and engine, as a group of friends meets it (issue 38): a room created with its settings (Survival, the Incubator
off, years, 18+ off hiding its catastrophes), four more players joining by the invitation link, a refusal in
Russian and in English, the owner's settings form surviving a chat line, ready marks cleared by a settings change
and said so, a kicked player told so, the way back from /ark/, a dead link's next step; then a whole game clicked
through — the reveal button in sight and the reveal announced on top, votes picked then confirmed, a tie and its
revote, a reload and a dropped socket, the exile on top, errors gone with their step, citing offered exactly as
the rules allow, the survival words — to the final screen (who was in the Ark, labelled tallies, the countdown)
and "play again with this group". Phone screenshots of each phase (test-artifacts/)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.e2e.conftest import DESKTOP, new_page
from tests.e2e.helpers import ARK_VERSION as VERSION
from tests.e2e.helpers import PHONE, open_chat
from tests.e2e.helpers import ark_click as click

pytestmark = pytest.mark.e2e
NEXT_CLICK = """() => {
  const me = window.ark.state.view?.game?.me?.id;
  const usable = (b) => b && !b.disabled;
  for (const s of ['confirm-vote', 'prepared', 'pass', 'end-discussion', 'to-vote', 'survived', 'kind-for']) {
    if (usable(document.querySelector(`[data-testid=${s}]`))) return `[data-testid=${s}]`;
  }
  const reveal = document.querySelector('[data-testid^=reveal-]');
  if (reveal) return `[data-testid=${reveal.dataset.testid}]`;
  const votes = [...document.querySelectorAll('[data-testid^=vote-]')].filter((b) => b.dataset.testid !== `vote-${me}`);
  return votes.length ? `[data-testid=${votes[0].dataset.testid}]` : null;
}"""


async def phase(page) -> str:  # noqa: ANN001
    return await page.evaluate("window.ark.state.view?.game?.phase")


async def step_kind(page) -> str | None:  # noqa: ANN001
    return await page.evaluate("window.ark.state.view?.game?.step?.kind ?? null")


async def play_until(pages, done) -> None:  # noqa: ANN001
    """Each page clicks what is its to click, in turn, until `done(page 0)`."""
    for _ in range(400):
        if await done(pages[0]):
            return
        moved = False
        for page in pages:
            selector = await page.evaluate(NEXT_CLICK)
            if selector:
                await click(page, selector)
                moved = True
                break
        if not moved:
            await pages[0].wait_for_timeout(200)
    raise AssertionError("the game did not get there")


CATALOGUE_EN = Path(__file__).resolve().parents[2] / "services/gateway/src/echo_gateway/web/ark/catalogue.en.json"


async def me_of(page) -> str:  # noqa: ANN001
    return await page.evaluate("window.ark.state.view.game.me.id")


async def top_of(page, selector: str) -> float:  # noqa: ANN001
    box = await page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"]


async def no_sideways_scroll(page) -> None:  # noqa: ANN001
    assert await page.evaluate("document.documentElement.scrollWidth <= innerWidth")


async def test_five_browsers_play_a_survival_game_as_a_party_meets_it(browser, system: str) -> None:  # noqa: ANN001, PLR0915
    owner = await new_page(browser, system, PHONE, touch=True, path="/ark/")
    page = owner.page
    await page.wait_for_selector("[data-testid=create]")
    assert "8 игроках и больше лучше включить" in await page.inner_text("[data-testid=incubator-hint]")
    every = await page.locator("[data-testid=set-catastrophe] option").count()
    await page.select_option("[data-testid=set-adult]", "off")  # the 18+ catastrophe is no longer offered
    await page.wait_for_function(f"document.querySelectorAll('[data-testid=set-catastrophe] option').length < {every}")
    await page.check("[data-testid=set-timers-off]")  # all timers off hides the three timers
    await page.wait_for_selector("[data-testid=set-card]", state="detached")
    await page.uncheck("[data-testid=set-timers-off]")
    await page.wait_for_selector("[data-testid=set-card]")
    await page.select_option("[data-testid=set-mode]", "survival")
    await page.select_option("[data-testid=set-incubator]", "off")
    await page.click("[data-testid=create-room]")
    await page.wait_for_selector("[data-testid=lobby]")
    link = await page.input_value("[data-testid=invite-link]")
    assert "/ark/#/room/" in link
    summary = await page.inner_text("[data-testid=settings]")
    assert "Выживание" in summary and "выкл" in summary

    await page.click("[data-testid=rules-link]")  # the rules in our words, and back to the room
    assert "Шанс выжить" in await page.inner_text("[data-testid=rules]")
    await page.click("[data-testid=rules-back]")
    await page.wait_for_selector("[data-testid=lobby]")

    guests = [await new_page(browser, system, DESKTOP if n % 2 else PHONE, path=link.removeprefix(system))
              for n in range(4)]
    pages = [page, *(g.page for g in guests)]
    for guest in pages[1:]:
        await guest.wait_for_selector("[data-testid=lobby]")
    await page.wait_for_function("document.querySelectorAll('[data-testid=players] > li').length === 5")

    # a refusal in words, Russian then English — never the server's text nor a code
    first = pages[1]
    owner_nick = await page.evaluate("window.ark.state.view.game.players[0].nick")
    await first.fill("[data-testid=nick]", owner_nick)
    await first.click("[data-op=rename]")
    await first.wait_for_selector("[data-testid=error][data-code=nickname_taken]")
    assert "такой ник уже есть в комнате" in await first.inner_text("[data-testid=error]")
    await first.click("#lang")
    assert "someone in the room has this nickname" in await first.inner_text("[data-testid=error]")
    await first.click("#lang")

    # the owner's open settings form survives a chat line and someone's ready mark
    await page.click("[data-testid=settings-details] summary")
    await page.select_option("#room-settings [data-testid=set-mode]", "rescue")
    await page.fill("#room-settings [data-testid=set-years]", "5..8")
    await pages[2].fill("[data-testid=chat-text]", "Я готов, начинаем?")
    await click(pages[2], "[data-testid=chat-send]")
    for guest in pages[1:]:
        await click(guest, "[data-testid=ready]")
    await page.wait_for_function("document.querySelectorAll('[data-testid=chat-line]').length === 1")
    assert await page.get_attribute("[data-testid=settings-details]", "open") is not None
    assert await page.input_value("#room-settings [data-testid=set-mode]") == "rescue"
    assert await page.input_value("#room-settings [data-testid=set-years]") == "5..8"
    await page.select_option("#room-settings [data-testid=set-mode]", "survival")
    await click(page, "#room-settings button[type=submit]")  # a change clears every «Готов»: said to them
    for guest in pages[1:]:  # each read as it comes: a banner stays only a few seconds
        await guest.wait_for_selector("[data-testid=news] [data-kind=ready_cleared]")
        assert "отметьте «Готов» ещё раз" in await guest.inner_text("[data-testid=news]")
    assert "5–8" in await page.inner_text("[data-testid=settings]")

    # a player who goes is shown offline and kicked (his chat line keeps a name, no mute); one kicked is told
    gone = await new_page(browser, system, PHONE, path=link.removeprefix(system))
    await page.wait_for_selector("[data-player=p5]")
    await gone.page.wait_for_selector("[data-testid=chat-toggle] >> text=1")  # the drawer counts the unread line
    await open_chat(gone.page)
    await gone.page.fill("[data-testid=chat-text]", "Я на минутку")
    await click(gone.page, "[data-testid=chat-send]")
    await gone.page.context.close()
    await page.wait_for_selector("[data-player=p5] [data-testid=offline]")
    await click(page, "[data-testid=kick-p5]")
    assert await page.locator("[data-player=p5]").count() == 0
    assert "ушедший игрок" in await page.locator("[data-testid=chat-line]").last.inner_text()
    assert await page.locator("[data-testid=mute-p5]").count() == 0
    kicked = await new_page(browser, system, PHONE, path=link.removeprefix(system))
    await page.wait_for_selector("[data-player=p6]")
    await click(page, "[data-testid=kick-p6]")
    await kicked.page.wait_for_selector("[data-testid=kicked]")
    assert "убрал вас" in await kicked.page.inner_text("[data-testid=kicked]")
    await kicked.page.goto(system + "/ark/#/room/g-none.secret")  # a dead link: the next step, not «Соединение…»
    await kicked.page.wait_for_selector("[data-testid=gone]")
    assert await kicked.page.locator("[data-testid=gone] + a[href='#/']").count() == 1
    await kicked.page.context.close()

    # lose the link: /ark/ leads back to the room
    lost = await page.context.new_page()
    await lost.goto(system + "/ark/")
    await lost.click("[data-testid=back-to-room]")
    await lost.wait_for_selector("[data-testid=lobby]")
    await lost.close()

    for guest in pages[1:]:
        await click(guest, "[data-testid=ready]")
    await page.wait_for_function("!document.querySelector('[data-testid=start]').disabled")
    await no_sideways_scroll(page)
    await owner.shot("ark-phone-lobby")
    await click(page, "[data-testid=start]")
    for each in pages:
        await each.wait_for_selector("[data-testid=game]")
    assert await page.locator("[data-testid=my-cards] .ark-card").count() == 7
    assert 5 <= await page.evaluate("window.ark.state.view.game.years") <= 8
    assert "Мест в Ковчеге: 2" in await page.inner_text("[data-testid=facts]")
    seats = [await me_of(p) for p in pages]

    # the first reveal: the active player's button in sight, the card announced on top of the others' screens
    await play_until(pages, lambda p: _is(p, "reveal"))
    turn = await page.evaluate("window.ark.state.view.game.step.player")
    active = pages[seats.index(turn)]
    height = await active.evaluate("innerHeight")
    box = await active.locator("[data-testid=reveal-profession]").bounding_box()
    assert box and box["y"] + box["height"] <= height, "the reveal button is in sight without scrolling"
    await click(active, "[data-testid=reveal-profession]")
    watcher = page if active is not page else pages[1]
    await watcher.wait_for_selector("[data-testid=news] [data-kind=revealed]")
    assert await top_of(watcher, "[data-testid=news]") < 200
    await no_sideways_scroll(page)
    await watcher.evaluate("window.scrollTo(0, 0)")
    await (owner if watcher is page else guests[0]).shot("ark-phone-reveal")

    await play_until(pages, lambda p: _is(p, "exile_vote"))
    # a refusal belongs to its step: shown in words, gone with the step
    idle = pages[4]
    await idle.evaluate("window.ark.act({type: 'PassTurn'})")
    await idle.wait_for_selector("[data-testid=error][data-code=wrong_phase]")
    assert "сейчас этого сделать нельзя" in await idle.inner_text("[data-testid=error]")
    await pages[1].reload()  # a reload in the middle of the vote: the same seat, the same vote
    await pages[1].wait_for_selector("[data-testid=step][data-kind=exile_vote]")
    # a vote is picked, then confirmed: one tap changes nothing; one's own name is marked
    assert "(вы)" in await page.inner_text(f"[data-testid=vote-{seats[0]}]")
    version = await page.evaluate(VERSION)
    await page.click(f"[data-testid=vote-{seats[1]}]")
    assert "Подтвердить" in await page.inner_text("[data-testid=confirm-vote]")
    assert await page.evaluate(VERSION) == version
    await page.click("[data-testid=cancel-vote]")
    await page.evaluate("window.scrollTo(0, 0)")
    await owner.shot("ark-phone-vote")
    await guests[1].shot("ark-desktop-vote")
    await pages[2].evaluate("window.ark.conn.drop()")  # a dropped socket: it reconnects and resumes
    await pages[2].wait_for_selector("#conn[data-state=online]")
    tie = [seats[1], seats[0], seats[1], seats[0], seats[2]]  # two against two against one
    for voter, target in zip(pages, tie, strict=True):
        await click(voter, f"[data-testid=vote-{target}]")
        if voter is page:
            nick = await page.evaluate(f"window.ark.state.view.game.players.find(p => p.id === '{target}').nick")
            assert f"Ваш голос принят: {nick}" in await page.inner_text("[data-testid=you-voted]")
    for each in pages:
        await each.wait_for_function("window.ark.state.view.game.step?.attempt === 2")
    assert "ничья" in await page.inner_text("[data-testid=tally]")
    assert "Переголосование" in await page.inner_text("[data-testid=step]")
    assert await idle.locator("[data-testid=error]").count() == 0, "the refusal went with its step"

    await play_until(pages, _someone_exiled)  # the exile on top: who, and his cards
    await page.wait_for_selector("[data-testid=news] [data-kind=exiled]")
    assert await top_of(page, "[data-testid=news]") < 200
    assert "изгнан" in await page.inner_text("[data-testid=news]")
    await owner.shot("ark-phone-exile")

    await play_until(pages, lambda p: _is(p, "incident_discussion"))
    await _citing_is_offered_as_the_rules_allow(pages, seats)

    await play_until(pages, lambda p: _is(p, "survival_vote"))
    subject = await page.evaluate("window.ark.state.view.game.step.player")
    voter = pages[(seats.index(subject) + 1) % len(pages)]
    assert re.match(r"(Выжил|Выжила) ли ", await voter.inner_text("[data-testid=step] h3"))
    await play_until(pages, lambda p: _tally_is(p, "survival"))
    await voter.wait_for_selector("[data-testid=news] [data-kind=survived], [data-testid=news] [data-kind=died]")

    await play_until(pages, lambda p: _phase_is(p, "finished"))
    for each in pages:
        await each.wait_for_selector("[data-testid=final]")
    await page.evaluate("window.scrollTo(0, 0)")
    await no_sideways_scroll(page)
    await owner.shot("ark-phone-final")
    assert await page.inner_text("[data-testid=winners]")
    assert await page.locator("[data-testid=final-ark] > ul > li").count() >= 1  # who was in the Ark
    assert await page.locator("[data-testid=final-exiled] > ul > li").count() >= 1
    assert await page.locator("[data-testid=ark-cards] .ark-card").count() == 5
    assert re.search(r"[45]:\d\d", await page.inner_text("[data-testid=deletes]")), "the countdown to deletion"
    await page.wait_for_function("document.querySelector('[data-testid=deletes] .clock').textContent < '5:00'")
    votes = await page.locator("[data-testid=tallies] li").all_inner_texts()  # every vote of the game, labelled
    assert len(votes) == await page.evaluate("window.ark.state.view.game.tallies.length") >= 2
    assert any("ничья" in vote and re.match(r"Раунд \d, изгнание:", vote) for vote in votes)
    assert any(re.match(r"Раунд \d, изгнание \(попытка 2\):", vote) for vote in votes)
    assert len(set(votes)) == len(votes), "no two tallies read the same"

    # a character card reads in its holder's gender (the Russian wording for the other sex, where it differs)
    forms = json.loads((CATALOGUE_EN.parent / "catalogue.ru-forms.json").read_text(encoding="utf-8"))["items"]
    final = await page.evaluate("window.ark.state.view.game")
    biology = json.loads((CATALOGUE_EN.parent / "catalogue.json").read_text(encoding="utf-8"))["cards"]["biology"]
    women = {card["id"] for card in biology if card["sex"] == "female"}
    female = {p["id"] for p in final["players"] if women & set(p["cards"])}
    for player in final["players"]:
        for card in player["cards"]:
            title = forms.get(card, {}).get("f" if player["id"] in female else "m", {}).get("title")
            if title:
                assert title in await page.inner_text(f"[data-testid^=final-] [data-player={player['id']}]")

    # English: every catalogue word switches, and the default nicknames too
    english = json.loads(CATALOGUE_EN.read_text(encoding="utf-8"))["items"]
    reader = pages[3]
    await reader.click("#lang")
    catastrophe = await reader.evaluate("window.ark.state.view.game.catastrophe")
    assert english[catastrophe]["title"] in await reader.inner_text("[data-testid=game] h2")
    assert "Winners" in await reader.inner_text("[data-testid=final]")
    ark_cards = await reader.inner_text("[data-testid=ark-cards]")
    assert not re.search("[а-яё]", ark_cards, re.IGNORECASE), ark_cards
    for player in await reader.evaluate("window.ark.state.view.game.players"):
        if number := re.fullmatch(r"Игрок (\d+)", player["nick"]):
            assert f"Player {number[1]}" in await reader.inner_text("main")
    await guests[2].shot("ark-phone-final-en")
    await pages[2].click("#lang")  # a desktop in English too
    await pages[2].evaluate("window.scrollTo(0, 0)")
    await guests[1].shot("ark-desktop-final-en")
    await pages[2].click("#lang")

    # play again with this group: a new room, its link in the old room's chat, nicknames kept
    nick_before = await pages[1].evaluate(f"window.ark.state.view.game.players.find(p => p.id === '{seats[1]}').nick")
    await page.click("[data-testid=play-again]")
    await page.wait_for_selector("[data-testid=lobby]")
    await pages[1].wait_for_selector("[data-testid=join-new]")
    await pages[1].click("[data-testid=join-new]")
    await pages[1].wait_for_selector("[data-testid=lobby]")
    await pages[1].wait_for_function(
        "n => window.ark.state.view.game.players.find(p => p.id === window.ark.state.view.game.me.id)?.nick === n",
        arg=nick_before)
    await page.wait_for_function("document.querySelectorAll('[data-testid=players] > li').length === 2")
    for each in [owner, *guests]:
        assert not each.errors, each.errors
        await each.page.context.close()


async def _citing_is_offered_as_the_rules_allow(pages, seats) -> None:  # noqa: ANN001
    """The subject's team gets exactly its members' cards (a dead one's Baggage) and, for an Ark subject, the Ark
    cards; the other team gets no button at all. One citation is accepted."""
    game = await pages[0].evaluate("window.ark.state.view.game")
    subject = next(p for p in game["players"] if p["id"] == game["step"]["player"])
    team = [p for p in game["players"] if bool(p.get("exiled")) == bool(subject.get("exiled"))]
    expected = {c for p in team for c in (p.get("remaining", []) if p.get("dead") else p["cards"])}
    if not subject.get("exiled"):
        expected |= set(game["ark_cards"])
    citer = None
    for page, seat in zip(pages, seats, strict=True):
        offered = {b.removeprefix("cite-") for b in await page.evaluate(
            "[...document.querySelectorAll('[data-testid^=cite-]')].map(b => b.dataset.testid)")} - {"options"}
        if any(p["id"] == seat for p in team):
            assert offered == expected, (seat, offered ^ expected)
            citer = citer or page
        else:
            assert offered == set(), seat
    card = sorted(expected)[0]
    await click(citer, f"[data-testid=cite-{card}]")
    assert await citer.locator("[data-testid=error]").count() == 0
    await citer.wait_for_selector("[data-testid=cited]")


async def _someone_exiled(page) -> bool:  # noqa: ANN001
    return await page.evaluate("window.ark.state.view.game.players.some((p) => p.exiled)")


async def _tally_is(page, kind: str) -> bool:  # noqa: ANN001
    return await page.evaluate(f"window.ark.state.view.game.tally?.kind === '{kind}'")


async def _is(page, kind: str) -> bool:  # noqa: ANN001
    return await step_kind(page) == kind


async def _phase_is(page, wanted: str) -> bool:  # noqa: ANN001
    return await phase(page) == wanted
