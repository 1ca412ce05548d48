"""A Swiss tournament in the browser (issue 60, item 4): a member makes it from the lobby, enters
and enters a bot; three more members find it in the lobby and enter; the maker starts it; every
round each player is taken to their table and resigns (a game ends at once); the standings page
follows it live to the end."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def resign(page: Page) -> None:
    """Resign (asked twice); the game may end first, at the opponent's resignation."""
    for _ in range(2):
        button = page.locator("#resign-btn")
        if not button.is_visible():
            return
        with contextlib.suppress(PlaywrightTimeoutError):
            button.click(timeout=2000)


def test_a_tournament_from_sign_up_to_final_standings(player: Callable[..., Any]) -> None:
    names = ("Ulf", "Vik", "Wen", "Xan")
    people = [player(f"guest-{name.lower()}") for name in names]
    for person, name in zip(people, names, strict=True):
        person.sign_in(name, "a long secret", register=True)
        expect(person.page.locator("#me")).to_have_text(name)
        person.page.goto(person.page.url.split("#")[0] + "#/")
    maker = people[0].page
    maker.click("#new-tournament summary")
    maker.fill("#tournament-name", "Test cup")
    maker.select_option("#tournament-rounds", "2")
    maker.locator("#tournament-rated").set_checked(False)
    maker.click("#tournament-go")
    maker.wait_for_url("**/#/tournament/*")
    tid = maker.url.rsplit("/", 1)[-1]
    maker.click("#tournament-enter")
    expect(maker.locator("#standings tbody tr")).to_have_count(1)
    maker.select_option("#tournament-bot", "random")
    maker.click("#tournament-add-bot")
    expect(maker.locator("#standings tbody tr")).to_have_count(2)
    for person in people[1:]:
        page = person.page
        page.reload()
        page.locator(f"#tournament-list li[data-tournament='{tid}'] a").click()
        page.click("#tournament-enter")
        expect(page.locator("#tournament-withdraw")).to_be_visible()
    expect(maker.locator("#standings tbody tr")).to_have_count(5)  # live: the others came in
    people[0].screenshot("tournament-upcoming")
    maker.click("#tournament-start")

    origin = re.match(r"https?://[^/]+", maker.url)
    assert origin is not None
    resigned: set[tuple[int, str]] = set()
    deadline = time.monotonic() + 120
    while httpx.get(f"{origin[0]}/api/tournaments/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the tournament did not end"
        for n, person in enumerate(people):
            page = person.page
            if "#/table/" not in page.url or (n, page.url) in resigned:
                continue
            if (
                page.locator("#resign-btn").is_visible()
                and page.locator("#result:not([hidden])").count() == 0
            ):
                resign(page)
                resigned.add((n, page.url))
        maker.wait_for_timeout(200)

    maker.goto(f"{origin[0]}/#/tournament/{tid}")
    expect(maker.locator("#tournament-state")).to_have_text("finished")
    rows = maker.locator("#standings tbody tr")
    expect(rows).to_have_count(5)
    points = [float(p) for p in maker.locator("#standings td.points").all_inner_texts()]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 6  # two rounds of two games and a bye, a point each
    people[0].screenshot("tournament-standings")
