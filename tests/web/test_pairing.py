"""Quick pairing in the browser (issue 60, item 1): two members press "Play a person" in two
browsers, are seated together, play into the second deal, one resigns, and both see their new
ratings; a guest waiting alone is offered a bot after the wait they chose, and gets one."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_two_members_pair_play_and_see_their_new_ratings(player: Callable[..., Any]) -> None:
    yara, zeb = player("guest-yara"), player("guest-zeb")
    for person, name in ((yara, "Yara"), (zeb, "Zeb")):
        person.sign_in(name, "a long secret", register=True)
        expect(person.page.locator("#me")).to_have_text(name)
        person.page.goto(person.page.url.split("#")[0] + "#/")
    a, b = yara.page, zeb.page
    expect(a.locator("#seek-rated")).to_be_checked()
    a.click("#seek-go")
    expect(a.locator("#seek-status")).to_have_text(
        re.compile(r"Looking for a player: Cribbage, rated.*your rating 1500")
    )
    expect(a.locator("#seek-cancel")).to_be_visible()
    yara.screenshot("pairing-waiting")
    b.click("#seek-go")
    a.wait_for_url("**/#/table/*")
    b.wait_for_url("**/#/table/*")
    assert yara.table_id() == zeb.table_id()

    # play on into the second deal; then Zeb resigns: a real game, so it is rated
    tick = yara.time_limit()
    discards = 0
    before = ""
    while discards < 2:
        tick()
        phase = yara.phase()
        if phase != before and phase == "discard":
            discards += 1
        before = phase
        if discards < 2 and not (yara.step() | zeb.step()):
            a.wait_for_timeout(40)
    b.click("#resign-btn")
    b.click("#resign-btn")
    for page in (a, b):
        expect(page.locator("#rating-changes li")).to_have_count(2)
    expect(a.locator("#rating-changes li", has_text="Yara")).to_have_text(
        re.compile(r"^Yara: rated \d+\? \(a first rated game\)$")
    )
    won = int(re.findall(r"\d+", a.locator("#rating-changes li", has_text="Yara").inner_text())[0])
    lost = int(re.findall(r"\d+", a.locator("#rating-changes li", has_text="Zeb").inner_text())[0])
    assert won > 1500 > lost


def test_a_guest_waiting_alone_is_offered_a_bot(player: Callable[..., Any]) -> None:
    kit = player("Kit")
    page = kit.page
    expect(page.locator("#seek-rated")).to_be_disabled()  # rated pools are for members
    page.select_option("#seek-bot-after", "10")
    kit.screenshot("pairing-form")
    page.click("#seek-go")
    expect(page.locator("#seek-status")).to_have_text(re.compile("casual"))
    expect(page.locator("#seek-bot-offer")).to_be_hidden()
    expect(page.locator("#seek-bot-offer")).to_be_visible(timeout=15_000)
    page.click("#seek-bot")
    page.wait_for_url("**/#/table/*")
    expect(page.locator(".seat.me")).to_have_count(1)
    expect(page.locator(".seat:not(.me) div.meta")).to_have_text(re.compile("^bot"))
