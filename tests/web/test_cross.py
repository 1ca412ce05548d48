"""Cross Cribbage in the browser, against the greedy bot: your turned card shows beside the grid and
nowhere else, each empty cell lays it, the throw sends it to the crib and you play on, the hint names
a move, and after the count each side's lines and the crib are shown; ready starts the next deal
(the first deal's difference may end a game to 11: then the count is checked at the end)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_a_game_against_the_bot_lays_throws_and_counts(player: Callable[..., Any]) -> None:
    wes = player("Wes", viewport={"width": 1366, "height": 900})
    wes.create_table("cross", 2, options={"target": 11}, bots={1: "greedy"}, turn_time=60)
    page = wes.page
    expect(page.locator("#felt")).to_have_attribute("data-game", "cross")
    expect(page.locator(".board-legend")).to_contain_text("(rows) against")
    expect(page.locator("#cx-grid .card.cx-cut")).to_have_count(1)  # the cut card in the centre
    # the bot (dealt to by seat 0, so first to lay) has laid; now your card is turned
    expect(page.locator("#cx-grid button.cx-cell.open")).to_have_count(23)
    expect(page.locator("#status")).to_contain_text("Your card: lay it on an empty cell, or throw it")
    expect(page.locator("#event-log")).to_contain_text("greedy bot 2 lays")
    page.keyboard.press("h")
    expect(page.locator("#hint-move")).to_have_text(re.compile(r"^(lay [a-e][1-5]|throw)$"))
    turned = page.locator("#cx-turned [data-card]").get_attribute("data-card")
    page.keyboard.press("t")  # throw it: the next card is turned, still your turn
    expect(page.locator("#cx-crib [data-card]").first).to_have_attribute("data-card", str(turned))
    expect(page.locator("#event-log")).to_contain_text(f"Wes throws {turned}")
    expect(page.locator("#status")).to_contain_text("(1 to throw)")
    turned = page.locator("#cx-turned [data-card]").get_attribute("data-card")
    cell = page.locator("#cx-grid button.cx-cell.open").last.get_attribute(
        "data-cell"
    )  # e5 unless the bot took it
    page.click(f"#cx-grid button[data-cell='{cell}']")
    expect(page.locator(f"#cx-grid [data-card='{turned}']")).to_be_visible()
    expect(page.locator(f"#cx-grid [data-cell='{cell}']")).to_have_count(0)
    counted = False
    tick = wes.time_limit(240.0)
    while not page.locator("#result").is_visible():
        tick()
        if page.locator("#ready-btn").count():
            if not counted:  # the first count: every line of both sides and the crib shown
                expect(page.locator("#status")).to_contain_text("Counted:")
                expect(page.locator("#event-log")).to_contain_text("side counts")
                page.wait_for_timeout(800)
                wes.screenshot("cross-counted")
                counted = True
            page.click("#ready-btn")
        elif page.locator("#cx-grid button.cx-cell.open").count():
            if page.locator("#cx-grid .card").count() == 12 and not counted:
                page.wait_for_timeout(800)  # the cards done landing, for the picture
                wes.screenshot("cross")  # halfway through the first deal
            page.locator("#cx-grid button.cx-cell.open").first.click()
        page.wait_for_timeout(60)
    expect(page.locator("#result")).to_contain_text("reached 11")
    expect(page.locator("#event-log")).to_contain_text("side counts")  # a deal may end the game
    if not counted:
        page.wait_for_timeout(800)
        wes.screenshot("cross-counted")


def test_table_top_offers_only_cells_touching_a_card_and_no_crib(player: Callable[..., Any]) -> None:
    xia = player("Xia")
    xia.create_table("cross", 2, options={"form": "table-top"}, bots={1: "greedy"}, turn_time=60)
    page = xia.page
    expect(page.locator(".board-legend")).to_contain_text("Table Top Cribbage")
    expect(page.locator("#status")).to_contain_text("touching a card")
    open_cells = page.locator("#cx-grid button.cx-cell.open")
    assert 1 <= open_cells.count() <= 16  # around the centre and the bot's first card, never all 23
    expect(page.locator("#cx-crib")).to_have_count(0)
    expect(page.locator("#throw-btn")).to_have_count(0)
    open_cells.first.click()
    expect(page.locator("#event-log")).to_contain_text("Xia lays")
