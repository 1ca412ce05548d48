"""The leaderboard (issue 17): after a game, its players are ranked by rating for that game and
number of seats; another game or seat count has its own board."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_the_leaderboard_lists_the_players_after_a_game(player: Callable[..., Any]) -> None:
    ola = player("Ola")
    ola.create_table("cribbage", 2, options={"target": 31}, bots={1: "random"}, turn_time=30)
    ola.play_to_end(limit=90)
    expect(ola.page.locator("#ranks li")).to_have_count(2)

    page = ola.page
    page.click("#leaderboard-link")
    expect(page.locator("#board-game")).to_have_value("cribbage")
    expect(page.locator("#board-seats")).to_have_value("2")
    rows = page.locator("#leaders tbody tr")
    expect(rows.filter(has_text="Ola")).to_have_count(1)
    expect(rows.filter(has_text="random")).to_have_count(1)  # the bot is rated too
    ranks = [int(t) for t in page.locator("#leaders tbody tr td:first-child").all_inner_texts()]
    assert ranks == list(range(1, len(ranks) + 1))
    # ratings on the 1500 scale, "?" while provisional: the settled first, each part best first
    shown = page.locator("#leaders tbody tr td:nth-child(3)").all_inner_texts()
    assert all(re.fullmatch(r"\d{3,4}\??", text) for text in shown), shown
    expect(rows.filter(has_text="Ola").locator("td:nth-child(3)")).to_have_text(re.compile(r"^1\d{3}\?$"))
    order = [(text.endswith("?"), -int(text.rstrip("?"))) for text in shown]
    assert order == sorted(order), shown
    expect(page.locator("#leaderboard")).to_contain_text("starts at 1500")
    ola.screenshot("leaderboard")

    # another seat count has its own board; a player's name leads to their page
    page.select_option("#board-seats", "4")
    expect(page).to_have_url(re.compile(r"#/leaderboard/cribbage/4$"))
    expect(page.locator("#leaders tbody tr").filter(has_text="Ola")).to_have_count(0)
    page.go_back()
    page.locator("#leaders a", has_text="Ola").click()
    expect(page.locator("#player-page")).to_contain_text("Ola")
    # her page has her cribbage statistics, from the game she finished
    stats = page.locator("#stats-cribbage")
    expect(stats.locator("tr", has_text="Games (won)")).to_contain_text(
        re.compile(r"^Games \(won\)\s*1 \((0|100)%\)$")
    )
    expect(stats.locator("tr", has_text="A hand")).to_contain_text(re.compile(r"\d+\.\d\d$"))
    first = (
        stats.locator("tr", has_text="dealing first").inner_text()
        + stats.locator("tr", has_text="pone first").inner_text()
    )
    assert re.search(r"of 1", first) and re.search(r"of 0", first), first  # she dealt first or was pone
    ola.screenshot("player-stats")
