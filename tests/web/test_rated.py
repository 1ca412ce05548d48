"""Two members play a rated game of cribbage in two browsers and see, under the result, each
player's rating before and after it (issue 60, item 2); an unrated game shows none."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

TARGET = 31


def test_a_rated_game_shows_each_players_new_rating(player: Callable[..., Any]) -> None:
    ria, teo = player("guest-ria"), player("guest-teo")
    for person, name in ((ria, "Ria"), (teo, "Teo")):  # members, so that their game is rated
        person.sign_in(name, "a long secret", register=True)
        expect(person.page.locator("#me")).to_have_text(name)
    table = ria.create_table("cribbage", 2, options={"target": TARGET, "first_dealer": 0})
    teo.sit_from_lobby(table)
    a, b = ria.page, teo.page
    tick = ria.time_limit()
    while not (ria.over() and teo.over()):
        tick()
        if not (ria.step() | teo.step()):
            a.wait_for_timeout(40)

    # both see each player's first rating, as the leaderboard shows it
    for page in (a, b):
        expect(page.locator("#rating-changes li")).to_have_count(2)
    origin = re.match(r"https?://[^/]+", a.url)
    assert origin is not None
    board = a.request.get(f"{origin[0]}/api/leaderboard?game=cribbage&seats=2").json()["leaders"]
    shown = {leader["user"]["name"]: (leader["rating"], leader["provisional"]) for leader in board}
    for seat, name in ((0, "Ria"), (1, "Teo")):
        change = re.compile(rf"^{name}: rated (\d+)\? \(a first rated game\)$")
        line = b.locator(f"#rating-changes li[data-seat='{seat}']")
        expect(line).to_have_text(change)
        found = change.match(line.inner_text())
        assert found is not None
        assert shown[name] == (int(found[1]), True)
    ria.screenshot("cribbage-rated")

    # a rematch that Teo leaves in its first deal is not rated: its result shows no ratings
    a.click("#rematch-btn")
    b.click("#rematch-btn")
    expect(a.locator("#result")).to_be_hidden()
    b.click("#leave-btn")
    b.click("#leave-btn")
    expect(a.locator("#end-reason")).to_have_text("Teo left the table")
    expect(a.locator("#rating-changes")).to_have_count(0)
