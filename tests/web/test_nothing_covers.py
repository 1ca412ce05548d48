"""Nothing ever covers the player's cards or a show being counted: not the pegging callout, not at
claim time, at a desktop, a laptop and a phone's size. Checked on the page as drawn (what element
is on top at each card's centre) and by the callout's box, with a screenshot of each size (in the
test's temporary folder: run with ``--basetemp`` to keep them)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

SIZES = {
    "desktop": {"width": 1366, "height": 900},
    "laptop": {"width": 1280, "height": 720},
    "phone": {"width": 375, "height": 667},
}

COVERED = """() => {
  // a ghost is a card on its way between places, drawn over everything for a moment
  const laid = [...document.querySelectorAll('#felt .card:not(.ghost)')];
  const cards = laid.filter((c) => c.getBoundingClientRect().width);
  const covered = [];
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;  // scrolled away, not covered
    const top = document.elementFromPoint(x, y);
      // a card may lie over another card (a fanned hand, the pegging pile): only other things count
    if (top && !card.contains(top) && !top.closest('.card')) {
      covered.push(`${card.textContent} under ${top.className}`);
    }
  }
  const callout = document.getElementById('callout');
  if (callout && !callout.hidden) {
    const c = callout.getBoundingClientRect();
    for (const card of cards) {
      const r = card.getBoundingClientRect();
      if (r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom) {
        covered.push(card.textContent + ' under the callout');
      }
    }
  }
  return covered;
}"""


def covered(page: Page) -> list[str]:
    """The cards on the felt that something other than a card lies over now."""
    found: list[str] = page.evaluate(COVERED)
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_callout_and_the_claim_never_cover_the_cards(
    player: Callable[..., Any], size: str, tmp_path: Path
) -> None:
    nell = player(f"Nell {size}", viewport=SIZES[size])
    options = {"first_dealer": 1, "counting": "manual", "muggins": True}
    nell.create_table("cribbage", 2, options=options, bots={1: "greedy"})
    page = nell.page
    tick = nell.time_limit(90)
    callouts = 0
    while True:  # the callout is looked for before the claim: the last card's may come with it
        tick()
        if page.locator("#callout:not([hidden])").count():
            assert covered(page) == [], "the callout lies over cards"
            if not callouts:
                page.screenshot(path=str(tmp_path / f"callout-{size}.png"), full_page=True)
            callouts += 1
        if page.locator("#claim-btn").count():
            break
        with contextlib.suppress(PlaywrightError):  # the page may move on under the click
            nell.step(claim=False)
        page.wait_for_timeout(30)
    assert callouts, "no callout was seen in the play"
    page.locator("#claim-btn").scroll_into_view_if_needed()
    assert covered(page) == [], "something lies over the cards she must count"
    page.screenshot(path=str(tmp_path / f"claim-{size}.png"), full_page=True)
