"""The show follows the game (issue 17, item 1): the counts of a hand play back while the table
pauses, finish at once when the player says ready (or skips), and are cleared by the next deal;
counts that arrive with the next deal are shown finished until the player's next move."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

SHOWN = "#show-panel:not([hidden])"


def play_until(phase: str, *players: Any) -> None:
    """Make the players' moves until the table reaches ``phase`` (a pause: nobody says ready)."""
    tick = players[0].time_limit(60)
    while players[0].phase() != phase:
        tick()
        moved = False
        for p in players:
            moved = p.step(ready=False) or moved
        if not moved:
            players[0].page.wait_for_timeout(40)


def test_ready_finishes_the_count_and_the_next_deal_clears_it(player: Callable[..., Any]) -> None:
    alice = player("Alice")
    bob = player("Bob")
    table = alice.create_table(
        "cribbage", 2, options={"first_dealer": 0, "post_show": True}, turn_time=30, intermission=30
    )
    bob.sit_from_lobby(table)
    a, b = alice.page, bob.page
    play_until("post-show", alice, bob)

    # the hand's three counts play back item by item while the table pauses
    expect(a.locator(SHOWN)).to_be_visible()
    expect(a.locator("#show-skip")).to_be_visible()

    # Alice is ready: her count is finished at once, all three listed; the deal waits for Bob
    a.click("#ready-btn")
    expect(a.locator("#show-skip")).to_be_hidden()
    expect(a.locator(f"{SHOWN} .show-current .label")).to_contain_text(re.compile(r"Alice's crib — \d+$"))
    expect(a.locator("#show-done li")).to_have_count(2)
    expect(a.locator("#show-done li").first).to_contain_text("Bob's hand")
    expect(a.locator("#show-recited")).not_to_be_empty()
    # under the counts, the hand's points by seat: in the first hand, each seat's whole score
    rows = a.locator("#show-summary tbody tr")
    expect(rows).to_have_count(2)
    scores = [int(t) for t in a.locator(".seat .score").all_text_contents()]
    for seat, name in enumerate(("Alice", "Bob")):
        cells = rows.nth(seat).locator("td").all_inner_texts()
        assert rows.nth(seat).locator("th").inner_text() == name
        *parts, total = (int(c) for c in cells)
        assert sum(parts) == total == scores[seat], (name, cells, scores)
    alice.screenshot("show-finished")

    # Bob skips his playback instead: the same three counts, finished
    if b.locator("#show-skip:not([hidden])").count():
        b.click("#show-skip")
    expect(b.locator("#show-skip")).to_be_hidden()
    expect(b.locator("#show-done li")).to_have_count(2)

    # Bob is ready too: the next deal starts and clears both panels
    b.click("#ready-btn")
    for page in (a, b):
        expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
        expect(page.locator("#show-panel")).to_be_hidden()
        expect(page.locator("#event-log")).to_contain_text("Hand 2: Bob deals")


def test_counts_dealt_over_stay_until_the_next_move(player: Callable[..., Any]) -> None:
    carol = player("Carol")
    carol.create_table(
        "cribbage", 2, options={"first_dealer": 0, "post_show": False}, bots={1: "random"}, turn_time=30
    )
    page = carol.page
    carol.move()  # her discard; after it she only lays cards or says go, so the next deal waits for her
    tick = carol.time_limit(60)
    called: set[str] = set()
    while "Hand 2" not in page.locator("#event-log").inner_text():
        tick()
        called.update(page.locator("#callout:not([hidden])").all_inner_texts())
        legal = page.locator("#my-hand button.card.legal")
        with contextlib.suppress(PlaywrightError):  # the page may move on under the click
            if page.locator("#go-btn").count():
                page.click("#go-btn", timeout=1000)
            elif legal.count():
                legal.first.click(timeout=1000)
        page.wait_for_timeout(40)
    called.update(page.locator("#callout:not([hidden])").all_inner_texts())  # the play's end
    # the play's points were called out on the felt (every play ends with a last card or 31)
    assert any(re.search(r": (last card|thirty-one)[a-z ]* for [12]\b", line) for line in called), called

    # no pause between hands: the first hand's counts are there, finished, over the new deal
    expect(page.locator("#felt")).to_have_attribute("data-phase", "discard")
    expect(page.locator(SHOWN)).to_be_visible()
    expect(page.locator("#show-skip")).to_be_hidden()
    expect(page.locator(f"{SHOWN} .show-current .label")).to_contain_text("Carol's crib")
    expect(page.locator("#show-done li")).to_have_count(2)

    # Carol discards for the new hand: the old counts go
    carol.move()
    expect(page.locator("#show-panel")).to_be_hidden()


def test_a_reload_brings_back_the_log_and_the_show(player: Callable[..., Any]) -> None:
    dora = player("Dora")
    dora.create_table(
        "cribbage", 2, options={"first_dealer": 1, "post_show": True}, bots={1: "random"}, intermission=30
    )
    page = dora.page
    # the deal that opened the game is in the log from the start
    expect(page.locator("#event-log")).to_contain_text("Hand 1: random bot 2 deals")
    play_until("post-show", dora)
    page.click("#show-skip")
    lines = page.locator("#event-log > div").all_inner_texts()
    assert any("shows the crib" in line for line in lines)

    page.reload()
    expect(page.locator("#felt")).to_have_attribute("data-phase", "post-show")
    # the same log, line for line, and the hand's counts, finished
    expect(page.locator("#event-log > div")).to_have_text(lines)
    expect(page.locator(f"{SHOWN} .show-current .label")).to_contain_text("random bot 2's crib")
    expect(page.locator("#show-done li")).to_have_count(2)
    expect(page.locator("#show-done li").first).to_contain_text("Dora's hand")
    expect(page.locator("#show-skip")).to_be_hidden()


def test_the_cut_for_the_first_deal_is_in_the_log(player: Callable[..., Any]) -> None:
    eve = player("Eve")
    eve.create_table("cribbage", 2, bots={1: "random"})
    log = eve.page.locator("#event-log")
    expect(log).to_contain_text(re.compile(r"(Eve|random bot 2) cuts low and deals"))
    expect(log).to_contain_text("Hand 1:")


def test_the_title_calls_you_back_to_your_turn(player: Callable[..., Any]) -> None:
    fern = player("Fern")
    fern.create_table("cribbage", 2, options={"first_dealer": 0}, bots={1: "random"}, turn_time=30)
    page = fern.page
    title = page.title()
    expect(page.locator("#discard-btn")).to_be_visible()  # her turn, with the tab in front: no alert
    assert page.title() == title
    # the tab goes to the background on her turn: the title calls her back
    page.evaluate(
        """() => { Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    expect(page).to_have_title(re.compile(r"^● Your turn"))
    # back to the tab: the title is the page's own again
    page.evaluate(
        """() => { Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    expect(page).to_have_title(title)
