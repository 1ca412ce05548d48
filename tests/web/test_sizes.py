"""Issue 58's table at the three sizes it was tried at (1366×900, 1280×720, 375×667): the lobby's
presets in view, a Squares race whose result and Rematch are in view when it ends, and the page
never wider than the window. A screenshot of each is kept in the test's temporary folder (run with
``--basetemp`` to keep them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.test_nothing_covers import SIZES
from tests.web.test_squares import place_all


def no_sideways_scroll(page: Page) -> bool:
    scrolls: bool = page.evaluate("document.documentElement.scrollWidth > innerWidth + 1")
    return not scrolls


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_and_a_squares_race_at_each_size(
    player: Callable[..., Any], size: str, tmp_path: Path
) -> None:
    zoe = player(f"Zoe {size}", viewport=SIZES[size])
    page = zoe.page
    page.select_option("#new-game", "squares")
    page.select_option("#new-game", "cribbage")
    expect(page.locator("#preset-manual")).to_be_visible()
    assert no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / f"lobby-{size}.png"), full_page=True)

    zoe.create_table("squares", 2, bots={1: "expected"})
    page.locator("#my-grid button.sq-cell.open").first.click()
    expect(page.locator("#grid-1 .card")).to_have_count(1)
    assert no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / f"squares-placing-{size}.png"), full_page=True)
    place_all(page, 15)  # each placing waited for: a click before the last one landed is lost
    expect(page.locator("#result")).to_contain_text("scored most")
    expect(page.locator("#rematch-btn")).to_be_visible()  # shown a moment after the result, when slow
    page.evaluate("window.scrollTo(0, 0)")
    # whole inside the window with the page at its top; retried, as the result may be drawn again
    expect(page.locator("#rematch-btn"), "Rematch is below the fold").to_be_in_viewport(ratio=1)
    assert no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / f"squares-over-{size}.png"))
