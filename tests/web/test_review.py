"""Reviewing a finished game in the browser: from the result to the review beside the replay, a jump
to the worst mistake, and the player page's accuracy."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from playwright.sync_api import expect


def percent(value: float) -> str:
    """A percentage the way the page writes it: JavaScript's ``toFixed(1)`` takes the larger of two
    equally near tenths (50.25 is 50.3), where Python's format takes the even one (50.2)."""
    return f"{Decimal(value).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)}%"


def test_review_a_finished_game_and_jump_to_its_worst_mistake(player: Callable[..., Any]) -> None:
    ann = player("Ann", viewport={"width": 1366, "height": 900})
    # at least two deals, so a race to draw; counted by hand, so the summary has every column
    options = {"target": 61, "first_dealer": 0, "counting": "manual"}
    ann.create_table("cribbage", 2, options=options, bots={1: "expert"}, turn_time=30)
    ann.play_to_end()  # Ann lays the first legal card and throws the first cards: mistakes to find
    page = ann.page
    page.click("#review-link")
    page.wait_for_url(re.compile(r".*#/review/\d+$"))
    game_id = int(page.url.rsplit("/", 1)[-1])
    origin = page.url.split("#")[0].rstrip("/")
    expect(page.locator("#review-summary tbody tr")).to_have_count(2)

    review = page.request.get(f"{origin}/api/history/{game_id}/review").json()
    assert review["state"] == "done"
    decisions = [dict(d, seat=s["seat"]) for s in review["review"]["seats"] for d in s["decisions"]]
    worst = max(decisions, key=lambda d: d["loss"])
    assert worst["loss"] > 0
    accuracy = page.locator("#review-summary tr[data-seat='0'] .accuracy")
    expect(accuracy).to_have_text(percent(review["review"]["seats"][0]["accuracy"]))
    expect(page.locator("#review-race svg polyline")).to_have_count(4)  # two races, two with losses added
    headers = page.locator("#review-summary th").all_inner_texts()
    assert headers == ["Player", "Accuracy", "Discards", "Play", "Counting", "Mistakes"], headers
    # issue 58: the last column was clipped at 1366 px; every cell lies inside the review panel
    clipped = page.evaluate("""() => {
      const panel = document.getElementById('review').getBoundingClientRect();
      return [...document.querySelectorAll('#review-summary th, #review-summary td')]
        .filter((c) => c.getBoundingClientRect().right > panel.right + 0.5).map((c) => c.textContent);
    }""")
    assert clipped == [], clipped

    page.click("#review-worst")
    moves = len(page.request.get(f"{origin}/api/history/{game_id}").json()["record"]["moves"])
    expect(page.locator("#replay-where")).to_have_text(re.compile(rf"^move {worst['move']} of {moves}\b"))
    expect(page.locator("#replay-as")).to_have_value(str(worst["seat"]))
    ann.screenshot("review")

    # a second look is the stored review, and Ann's page shows her accuracy in this game
    page.goto(f"{origin}/#/")
    page.goto(f"{origin}/#/replay/{game_id}")
    expect(page.locator("#review-summary")).to_be_visible()
    page.click("#me")
    row = page.locator("#accuracy tbody tr")
    expect(row).to_have_count(1)
    expect(page.locator("#accuracy-chart circle")).to_have_count(1)  # accuracy over time, a dot a game
    expect(row).to_contain_text(percent(review["review"]["seats"][0]["accuracy"]))
    ann.screenshot("player")

    # the stored review feeds the pegging trainer: a play from this game, graded by its values
    page.click("#trainer-link")
    expect(page.locator("#pegging-trainer")).to_contain_text(f"From game {game_id}")
    page.locator("#pegging-hand button.card.legal").first.click()
    expect(page.locator("#pegging-verdict")).to_contain_text("In the game:")
    expect(page.locator("#pegging-values tbody tr.chosen")).to_have_count(1)
