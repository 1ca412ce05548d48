"""A correspondence game in the browser (issue 60, item 5): a challenge at one day a move; the
players discard and the one not to move goes back to the lobby; when the other plays, the one
away is told it is their turn (a notice: headless Chromium grants no notifications), and their
games in the lobby say "your turn" with the table's days."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect


def test_a_correspondence_game_tells_the_player_away_of_their_turn(player: Callable[..., Any]) -> None:
    ida, jon = player("Ida"), player("Jon")
    a, b = ida.page, jon.page
    a.reload()
    a.locator("#online-players a", has_text="Jon").click()
    a.select_option("#challenge-clock", "1d")
    a.click("#challenge-go")
    incoming = b.locator("#challenges li.incoming")
    expect(incoming).to_contain_text("1 day a move")
    incoming.locator("button.accept").click()
    a.wait_for_url("**/#/table/*")
    b.wait_for_url("**/#/table/*")
    tick = ida.time_limit(60)
    while not (
        a.get_attribute("#felt", "data-phase") == "play" and b.get_attribute("#felt", "data-phase") == "play"
    ):
        tick()
        if not (ida.step() | jon.step()):
            a.wait_for_timeout(40)
    to_move, away = (ida, jon) if a.locator(".seat.me.to-move").count() else (jon, ida)
    expect(to_move.page.locator(".seat.me .clock")).to_have_text(
        re.compile(r"^turn (1d 0h|23h \d+m)$")
    )  # a day
    away.page.goto(away.page.url.split("#")[0] + "#/")
    to_move.move()
    expect(away.page.locator("#toasts")).to_contain_text("Your turn in Cribbage")
    base = away.page.url.split("#")[0]
    away.page.goto(base + "#/leaderboard")
    away.page.goto(base + "#/")  # the lobby again (a fresh load would go straight to the one game going)
    mine = away.page.locator("#your-games li")
    expect(mine).to_contain_text("1 day a move")
    expect(mine.locator(".your-turn")).to_have_text(" · your turn")
    away.screenshot("correspondence-your-turn")
