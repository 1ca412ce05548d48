"""A correspondence game in the browser (issue 60, item 5): a challenge at one day a move; the
players discard and the one not to move goes back to the lobby; when the other plays, the one
away is told it is their turn (a notice: headless Chromium grants no notifications), and their
games in the lobby say "your turn" with the table's days. And the same across a server restart."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from tests.web.conftest import DESKTOP, LiveServer, Player, open_guest

A_DAY = re.compile(r"^turn (1d 0h|23h \d+m)$")


def correspondence_game(ida: Player, jon: Player) -> tuple[Player, Player]:
    """Ida challenges Jon to a cribbage game at one day a move, Jon accepts, both discard; returns
    the player to move in the play and the other, who has gone back to the lobby."""
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
    expect(to_move.page.locator(".seat.me .clock")).to_have_text(A_DAY)
    away.page.goto(away.page.url.split("#")[0] + "#/")
    return to_move, away


def check_told(away: Player) -> None:
    """The player away is told it is their turn, and their games in the lobby say so."""
    expect(away.page.locator("#toasts")).to_contain_text("Your turn in Cribbage")
    base = away.page.url.split("#")[0]
    away.page.goto(base + "#/leaderboard")
    away.page.goto(base + "#/")  # the lobby again (a fresh load would go straight to the one game going)
    mine = away.page.locator("#your-games li")
    expect(mine).to_contain_text("1 day a move")
    expect(mine.locator(".your-turn")).to_have_text(" · your turn")


def test_a_correspondence_game_tells_the_player_away_of_their_turn(player: Callable[..., Any]) -> None:
    to_move, away = correspondence_game(player("Ida"), player("Jon"))
    to_move.move()
    check_told(away)
    away.screenshot("correspondence-your-turn")


def test_a_correspondence_game_goes_on_across_a_server_restart(browser: Browser, tmp_path: Path) -> None:
    """The server is stopped for real with the game in its play and started again on the same port
    and store: the clock kept its day, the move is made after the restart, and the player away
    (whose page reconnected by itself) is told it is their turn."""
    db = tmp_path / "muggins.db"
    live = LiveServer(db, bot_delay=0.05, grace=30.0).start()
    errors: list[str] = []
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]  # type: ignore[arg-type]
    try:
        ida = open_guest(contexts[0], live.url, "Ida", errors)
        jon = open_guest(contexts[1], live.url, "Jon", errors)
        to_move, away = correspondence_game(ida, jon)
        before = to_move.state()
        live.stop()
        expect(to_move.page.locator("#drop")).to_contain_text("reconnecting")
        live = LiveServer(db, bot_delay=0.05, grace=30.0, port=live.port).start()
        expect(to_move.page.locator("#drop")).to_be_hidden(timeout=20_000)
        assert to_move.state() == before
        expect(to_move.page.locator(".seat.me .clock")).to_have_text(A_DAY)  # the deadline kept
        to_move.move()
        check_told(away)
    finally:
        for context in contexts:
            context.close()
        live.stop()
    assert not errors, f"JavaScript errors or CSP refusals in the page: {errors}"
