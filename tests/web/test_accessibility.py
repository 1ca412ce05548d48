"""An accessibility audit in the browser (issue 17): axe-core (4.14.1, MPL-2.0, vendored from the
npm registry as tests/web/assets/axe.min.js) finds no serious or critical violation on the lobby,
each game's table, the settings, the leaderboard and a player's page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

AXE = Path(__file__).parent / "assets" / "axe.min.js"
GAMES = {
    "cribbage": (2, {1: "random"}),
    "skalborg": (2, {1: "random"}),
    "cribist": (4, {1: "random", 2: "random", 3: "random"}),
}


ALWAYS = {"page-has-heading-one", "button-name", "empty-heading"}
"""Rules held whatever impact axe gives them (issue 58: a button with no name, pages with no h1)."""


def violations(page: Page) -> list[str]:
    """The serious and critical violations axe finds on the page as it is now (and those of
    ``ALWAYS``), one line each."""
    page.evaluate(AXE.read_text(encoding="utf-8"))  # run through DevTools: the page's CSP allows no eval
    found = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")
    return [
        f"{v['impact']}: {v['id']} ({v['help']}) at {[n['target'] for n in v['nodes']][:3]}"
        f" {v['nodes'][0].get('failureSummary', '')} {v['nodes'][0].get('html', '')[:300]}"
        for v in found["violations"]
        if v["impact"] in ("serious", "critical") or v["id"] in ALWAYS
    ]


def test_the_lobby_and_the_other_pages_pass_the_audit(player: Callable[..., Any]) -> None:
    page = player("Pia").page
    expect(page.locator("#create-form")).to_be_visible()
    assert violations(page) == []
    for link, shown in (
        ("#settings-link", "#settings-page"),
        ("#leaderboard-link", "#leaderboard"),
        ("#me", "#player-page"),
    ):
        page.click(link)
        expect(page.locator(shown)).to_be_visible()
        assert violations(page) == [], link


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_table_passes_the_audit(player: Callable[..., Any], game: str) -> None:
    quinn = player("Quinn")
    players, bots = GAMES[game]
    quinn.create_table(game, players, bots=bots, turn_time=30)
    expect(quinn.page.locator("#my-hand button.card").first).to_be_visible()
    assert violations(quinn.page) == []


def test_the_count_by_hand_and_squares_pass_the_audit(player: Callable[..., Any]) -> None:
    """The moments with controls of their own: a claim box at the show, and a Squares grid."""
    rhea = player("Rhea")
    rhea.create_table("cribbage", 2, options={"counting": "manual", "first_dealer": 1}, bots={1: "greedy"})
    tick = rhea.time_limit(60)
    while not rhea.page.locator("#claim-btn").count():
        tick()
        rhea.step(claim=False)
    assert violations(rhea.page) == []
    sol = player("Sol")
    sol.create_table("squares", 1)
    expect(sol.page.locator("#felt")).to_have_attribute("data-phase", re.compile(".+"))
    assert violations(sol.page) == []
