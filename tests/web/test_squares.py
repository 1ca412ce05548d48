"""Cribbage Squares in the browser: alone, every empty cell of your grid places the turned card;
the starter is turned and each row and column is counted; in a race against the bot, where the
bot put a card shows only once you have placed it too."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def place_all(page: Any, count: int) -> None:
    """Place ``count`` cards, each on the first open cell of the grid."""
    for placed in range(count):
        cell = page.locator("#my-grid button.sq-cell.open").first
        expect(cell).to_be_visible()
        name = cell.get_attribute("data-cell")
        cell.click()
        expect(page.locator(f"#my-grid [data-cell='{name}']")).to_have_count(0)  # a card lies there now
        assert page.locator("#my-grid .card").count() >= placed + 1


def test_alone_the_grid_fills_and_every_line_is_counted(player: Callable[..., Any]) -> None:
    una = player("Una")
    una.create_table("squares", 1, turn_time=60)
    page = una.page
    expect(page.locator("#felt")).to_have_attribute("data-game", "squares")
    expect(page.locator("#my-grid button.sq-cell.open")).to_have_count(16)
    expect(page.locator("#status")).to_contain_text("Place the first")
    turned = page.locator("#sq-turned [data-card]").get_attribute("data-card")
    page.keyboard.press("h")  # the hint names a cell, placed by expected score
    expect(page.locator("#hint-move")).to_have_text(re.compile(r"^place [a-d][1-4]$"))
    page.click("#my-grid button[data-cell='b3']")
    expect(page.locator(f"#my-grid [data-card='{turned}']")).to_be_visible()
    expect(page.locator("#event-log")).to_contain_text("Una places")
    place_all(page, 15)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#event-log")).to_contain_text("The starter is")
    points = page.locator("#my-grid .sq-points").all_inner_texts()
    total = int(page.locator("#my-grid .sq-total").inner_text())
    lines = [int(text) for text in points[:-1] if text]
    assert len(lines) == 8 and total >= sum(lines) and total - sum(lines) in (0, 2)  # his heels: 2
    expect(page.locator("#result")).to_contain_text(f"scored {total}")
    # a replay and a review: the server says it reviews this game (GET /api/games)
    expect(page.locator("#replay-link")).to_be_visible()
    expect(page.locator("#review-link")).to_be_visible()
    una.screenshot("squares-alone")

    # the review values each placement: its summary has the one kind Squares judges
    page.click("#review-link")
    columns = ["Player", "Accuracy", "Placing", "Mistakes"]
    expect(page.locator("#review-summary thead th")).to_have_text(columns)
    expect(page.locator("#review-summary tr[data-seat='0'] td[data-kind='place']")).to_have_count(1)
    expect(page.locator("#review-race")).to_have_count(0)  # one deal: no race to chart
    una.screenshot("squares-review")


def test_a_race_hides_the_bots_cell_until_you_have_placed(player: Callable[..., Any]) -> None:
    vic = player("Vic", viewport={"width": 1366, "height": 900})
    vic.create_table("squares", 2, bots={1: "expected"}, turn_time=60)
    page = vic.page
    expect(page.locator("#grid-1")).to_be_visible()
    expect(page.locator("#grid-1 .card")).to_have_count(0)  # the bot has placed card 1: not shown yet
    expect(page.locator("#seats")).to_contain_text("placed")
    page.locator("#my-grid button.sq-cell.open").first.click()
    expect(page.locator("#grid-1 .card")).to_have_count(1)  # both placed: laid out
    expect(page.locator("#event-log")).to_contain_text("expected bot 2 on")
    place_all(page, 7)
    # while placing, each line shows what its cards make so far (the starter can only add)
    so_far = page.locator("#my-grid .sq-points.so-far")
    expect(so_far).to_have_count(9)  # four rows, four columns and the grid
    total = page.locator("#my-total").inner_text()
    lines = [int(t) for t in so_far.all_inner_texts()[:-1] if t]
    assert (int(total) if total else 0) == sum(lines)
    expect(page.locator("#status")).to_contain_text("Place card 9 of 16: pick an empty cell")
    place_all(page, 8)
    expect(page.locator("#result")).to_contain_text("scored most")
    expect(page.locator("#my-grid .sq-points.so-far")).to_have_count(0)
    # the result and Rematch are in view without scrolling (issue 58: below the fold at 900 px)
    page.evaluate("window.scrollTo(0, 0)")
    for shown in ("#result", "#rematch-btn"):
        box = page.locator(shown).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, (shown, box)
    vic.screenshot("squares-race")
