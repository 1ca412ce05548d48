"""The trainer in the browser: a discard-trainer round ranked against the exact table of all 15
splits, and a counting-practice round."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from muggins.analysis.cribbage.trainer import discard_puzzle
from muggins.cards import parse_card, parse_cards
from muggins.scoring.show import score_show


def test_a_discard_trainer_round_and_a_count(player: Callable[..., Any]) -> None:
    cat = player("Cat")
    page = cat.page
    page.click("#trainer-link")
    cards = page.locator("#discard-hand button.card")
    expect(cards).to_have_count(6)
    dealt = cards.evaluate_all("els => els.map(e => e.dataset.card)")
    origin = page.url.split("#")[0].rstrip("/")
    expect(page.locator("#discard-btn")).to_be_disabled()
    cards.nth(0).click()
    cards.nth(1).click()
    page.click("#discard-btn")
    expect(page.locator("#discard-splits tbody tr")).to_have_count(15)

    # the rank shown is the throw's place in the exact table of this deal
    rows = page.locator("#discard-splits tbody tr")
    chosen = page.locator("#discard-splits tr.chosen")
    expect(chosen).to_have_count(1)
    throw = set(chosen.locator("td").nth(2).inner_text().split())
    assert throw == set(dealt[:2])
    nets = [float(t) for t in rows.locator("td:last-child").all_inner_texts()]
    assert nets == sorted(nets, reverse=True)
    mine = float(chosen.locator("td:last-child").inner_text())
    # Nets are shown to the hundredth, and rounding keeps their order: a split shown higher is
    # better, one shown equal may be better by less than the hundredth (or equal).
    better, level = sum(net > mine for net in nets), sum(net == mine for net in nets) - 1
    said = page.locator("#discard-rank")
    expect(said).to_contain_text(re.compile(r"The best throw|ranks \d+ of 15"))
    found = re.search(r"ranks (\d+) of 15", said.inner_text())
    rank = 1 if found is None else int(found[1])
    assert 1 + better <= rank <= 1 + better + level, (rank, better, level, nets)
    expect(page.locator("#discard-streak")).to_have_text(re.compile(r"^Streak: [01] \(best [01]\)$"))
    cat.screenshot("trainer")

    # today's puzzle is the same deal for everyone: the one the server's daily seed makes
    daily = page.request.get(f"{origin}/api/trainer/discard?daily=true").json()
    assert daily["cards"] == [str(c) for c in discard_puzzle(daily["seed"]).cards]

    # counting practice: a count one short shows the true total, the point missed and every item
    zones = page.locator("#count-trainer .zone")
    expect(zones.first.locator("[data-card]")).to_have_count(4)
    hand = parse_cards(zones.first.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    starter = parse_card(zones.nth(1).locator("[data-card]").get_attribute("data-card") or "")
    crib = zones.first.locator(".label").inner_text().lower() == "crib"
    score = score_show(hand, starter, crib=crib)
    if score.total == 0:
        page.fill("#count-total", "1")
        verdict = "0: you counted too many"
    else:
        page.fill("#count-total", str(score.total - 1))
        verdict = f"{score.total}: you missed 1"
    page.click("#count-form button[type=submit]")
    expect(page.locator("#count-verdict")).to_contain_text(verdict)
    expect(page.locator("#count-verdict")).to_contain_text("Streak: 0")
    expect(page.locator("#count-items li")).to_have_count(len(score.items))
