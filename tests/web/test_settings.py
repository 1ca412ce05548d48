"""Settings (issue 17): kept in the browser across a reload, and each one does what it says at a
table: card size, four-colour suits, hand sorting, the show's speed, saying ready for me."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

CHOSEN = {"cardSize": "large", "fourColour": "on", "sortHand": "suit", "showSpeed": "skip", "autoReady": "on"}
SUITS, RANKS = "CDHS", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_settings_persist_and_apply_at_the_table(player: Callable[..., Any]) -> None:
    hana = player("Hana")
    page = hana.page
    page.click("#settings-link")
    for name, value in CHOSEN.items():
        page.select_option(f"#set-{name}", value)
    expect(page.locator("#settings-saved")).to_have_text("Saved in this browser.")
    page.reload()
    for name, value in CHOSEN.items():
        expect(page.locator(f"#set-{name}")).to_have_value(value)
    root = page.locator("html")
    expect(root).to_have_attribute("data-cards", "large")
    expect(root).to_have_attribute("data-suits", "four")
    hana.screenshot("settings")

    page.click("text=Back to the lobby")
    hana.create_table("cribbage", 2, options={"first_dealer": 0, "post_show": True}, bots={1: "random"})
    cards = page.locator("#my-hand button.card")
    expect(cards).to_have_count(6)
    # large cards (the layout width: a card moving in is scaled for a moment, and redrawn when others move)
    width = page.evaluate("() => document.querySelector('#my-hand button.card').offsetWidth")
    assert width == 80, width
    # diamonds are blue, clubs green; the hand is sorted by suit, then rank
    fills = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#my-hand .card-svg')].map(
              (svg) => [svg.closest('[data-card]').dataset.card, getComputedStyle(svg).fill]))"""
    )
    for card, fill in fills.items():
        expected = {"D": "rgb(31, 95, 168)", "C": "rgb(30, 123, 52)"}.get(card[-1])
        assert expected is None or fill == expected, (card, fill)
    hand = hana.hand()
    assert hand == sorted(hand, key=lambda c: (SUITS.index(c[-1]), RANKS.index(c[:-1]))), hand

    # the pause after the show passes by itself, and the counts are shown at once, finished
    tick = hana.time_limit(60)
    while "Hand 2" not in page.locator("#event-log").inner_text():
        tick()
        if page.locator("#show-panel:not([hidden])").count():
            expect(page.locator("#show-skip")).to_be_hidden()
        if not hana.step(ready=False):
            page.wait_for_timeout(40)


def test_cards_move_in_as_they_come_unless_animations_are_off(player: Callable[..., Any]) -> None:
    vera = player("Vera")
    vera.create_table("cribbage", 2, options={"first_dealer": 0}, bots={1: "random"}, turn_time=30)
    page = vera.page
    vera.step()  # her discard; the bot (pone) leads a card into the play
    laid = page.locator("#pile [data-card]").first
    expect(laid).to_have_class(re.compile(r"\barrive\b"))
    assert laid.evaluate("el => getComputedStyle(el).animationName") == "arrive"
    # with animations off in the settings, a card arriving on the felt is drawn where it lies
    page.click("#settings-link")
    page.select_option("#set-motion", "reduced")
    page.go_back()
    expect(page.locator("#felt")).to_have_attribute("data-phase", "play")
    arriving = page.evaluate(
        """() => { const card = document.createElement('span');
                   card.className = 'card arrive';
                   document.getElementById('felt-body').append(card);
                   const moving = getComputedStyle(card).animationName;
                   card.remove();
                   return moving; }"""
    )
    assert arriving == "none", arriving
