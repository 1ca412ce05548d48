"""A match in the browser (docs/rules/match.md): a best-of-3 Cribbage Squares match against a bot,
made from the lobby's options; the table says which game of the match is being played and the
match points, the log tells each game's end, and resigning concedes the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from tests.web.test_squares import place_all


def test_a_match_against_a_bot_from_first_game_to_conceding(player: Callable[..., Any]) -> None:
    una = player("Una")
    una.create_table("squares", 2, options={"match": 3}, bots={1: "expected"}, turn_time=60)
    page = una.page
    line = page.locator("#match-line")
    expect(line).to_have_text("Game 1 of 3 · Una: 0, expected bot 2: 0")
    expect(page.locator("#resign-btn")).to_have_attribute(
        "title", "concede the match (a loss) and stay at the table for a rematch"
    )
    place_all(page, 15)
    page.locator(
        "#my-grid button.sq-cell.open"
    ).first.click()  # the last card: the game ends, the next begins
    expect(line).to_contain_text("Game 2 of 3")
    expect(page.locator("#event-log")).to_contain_text("Game 1 of the match")
    expect(page.locator("#my-grid button.sq-cell.open")).to_have_count(16)  # a new grid
    points = line.inner_text().rsplit("·", 1)[1]
    assert sorted(int(part.split(":")[1]) for part in points.split(",")) in ([0, 0], [0, 1])
    page.keyboard.press("s")  # the last game's count, skipped
    expect(page.locator("#my-grid .card")).to_have_count(0)
    page.wait_for_timeout(2500)  # the last game's cards gathered from the felt
    una.screenshot("squares-match")

    page.click("#resign-btn")
    page.click("#resign-btn")
    result = page.locator("#result")
    expect(result.locator("h2")).to_have_text("Match over")
    expect(result.locator("#ranks li").last).to_contain_text("Una:")
    expect(result.locator("#ranks li").first).to_contain_text(" of 3 (last game ")
    expect(page.locator("#end-reason")).to_contain_text("resigned")
    expect(line).to_contain_text("Best of 3")
