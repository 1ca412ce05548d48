"""No way back to a game (issue 17, item 2): a player who closes the tab mid-game is taken straight
back to it on their next visit, and the lobby and their own page list their games with Resume."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect


def reopen(page: Page, url: str) -> Page:
    """Close the tab and open the site again in the same browser (the token stays in its storage)."""
    context = page.context
    page.close()
    again = context.new_page()
    again.set_default_timeout(10_000)
    again.goto(url)
    return again


def test_a_closed_tab_comes_back_to_its_game(player: Callable[..., Any], server: Any) -> None:
    fay = player("Fay")
    first = fay.create_table("cribbage", 2, bots={1: "random"}, options={"first_dealer": 1})
    fay.move()  # her discard: the game is under way
    hand = fay.hand()

    # her only game in progress: the site opens on it
    page = reopen(fay.page, server.url)
    page.wait_for_url(f"**/#/table/{first}")
    expect(page.locator("#my-hand button.card")).to_have_count(len(hand))

    # a second game, private this time; then the lobby lists both, newest first, and opens neither
    page.evaluate("location.hash = '#/'")  # to the lobby within the page: not a new visit
    expect(page.locator("#your-games li")).to_have_count(1)
    expect(page.locator("#your-games")).to_contain_text("cribbage with bot (random) · in progress")
    page.select_option("#new-game", "cribbage")
    page.select_option("#new-seat-1", "random")
    page.click("#more-options > summary")
    page.locator("#new-private").set_checked(True)
    page.click("#create-submit")
    page.wait_for_url("**/#/table/*")
    second = page.url.rsplit("/", 1)[-1]
    assert second != first

    page = reopen(page, server.url)
    expect(page.locator("#your-games li")).to_have_count(2)
    rows = page.locator("#your-games li")
    expect(rows.nth(0)).to_have_attribute("data-table", second)
    expect(rows.nth(0)).to_contain_text("private")
    expect(rows.nth(1)).to_have_attribute("data-table", first)
    fay.page = page
    fay.screenshot("lobby-your-games")

    # Resume opens the table; her own page lists the games too
    rows.nth(1).locator("button.resume").click()
    page.wait_for_url(f"**/#/table/{first}")
    expect(page.locator("#my-hand button.card")).to_have_count(len(hand))
    page.click("#me")
    expect(page.locator("#player-page #your-games li")).to_have_count(2)
