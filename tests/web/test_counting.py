"""Counting by hand in the browser, through the page's controls: a manual-counting cribbage deal
with muggins, and a Skalborg count while the other player's claims arrive; the scores move as
docs/rules/cribbage.md and skalborg.md state."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from muggins.cards import parse_cards
from muggins.games.cribbage.options import CribbageOptions
from muggins.scoring.show import score_show
from muggins.scoring.skalborg.hand import score_skalborg


def _log(page: Any) -> str:
    return str(page.locator("#event-log").inner_text())


def _send(page: Any, verb: str, amount: int) -> None:
    """Type ``amount`` into the ``verb`` control's box and press its button."""
    page.fill(f"#{verb}-amount", str(amount))
    page.click(f"#{verb}-btn")


def _to_phase(phase: str, *players: Any) -> None:
    check = players[0].time_limit(60)
    while players[0].phase() != phase:
        check()
        if not any(p.step() for p in players):
            players[0].page.wait_for_timeout(40)


def _to_the_show(player: Callable[..., Any]) -> tuple[Any, Any]:
    """Alice deals to Bob at a manual cribbage table with muggins; both play to the show."""
    alice, bob = player("Alice"), player("Bob")
    options = {"counting": "manual", "muggins": True, "first_dealer": 0, "post_show": False}
    bob.sit_from_lobby(alice.create_table("cribbage", 2, options=options, turn_time=60))
    _to_phase("show", alice, bob)
    return alice, bob


def test_the_lobby_presets_set_their_options_and_the_rest_is_under_more_options(
    player: Callable[..., Any], tmp_path: Path
) -> None:
    page = player("Alice").page
    page.select_option("#new-game", "cribbage")
    # a few presets in view, every rule folded away under "More options"
    expect(page.locator("#opt-counting")).to_be_hidden()
    presets = page.locator("#new-presets button.preset")
    labels = [p.label for p in CribbageOptions.presets.values()]
    expect(presets).to_have_text(labels)
    expect(page.locator("#preset-standard")).to_have_attribute("aria-pressed", "true")
    page.click("#preset-manual")
    expect(page.locator("#preset-manual")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#opt-counting")).to_have_value("manual")
    expect(page.locator("#opt-muggins")).to_be_checked()
    page.click("#preset-match")  # a preset starts from the defaults: manual counting is gone
    expect(page.locator("#opt-match")).to_have_value("3")
    expect(page.locator("#opt-counting")).to_have_value("auto")
    expect(page.locator("#opt-muggins")).not_to_be_checked()
    page.click("#more-options > summary")
    page.select_option("#opt-counting", "manual")  # a change by hand: no preset is pressed now
    expect(page.locator("#new-presets [aria-pressed='true']")).to_have_count(0)
    page.screenshot(path=str(tmp_path / "lobby-presets.png"), full_page=True)


def test_a_short_claim_a_right_muggins_and_a_wrong_one(player: Callable[..., Any]) -> None:
    alice, bob = _to_the_show(player)
    a, b = alice.page, bob.page

    # Bob (the pone) claims 0 for his hand: the claim box offers 0 to 29, whatever the cards
    expect(b.locator("#claim-amount")).to_have_attribute("max", "29")
    _send(b, "claim", 0)
    expect(a.locator("#felt")).to_have_attribute("data-phase", "muggins")
    assert "makes" not in _log(a)  # nothing tells Alice the count before she calls
    # Alice counts the hand Bob laid face up herself, and calls what he missed
    shown = re.search(r"Bob shows the hand: ([^+]+) \+ (\S+) and claims 0", _log(a))
    assert shown, _log(a)
    true = score_show(parse_cards(shown.group(1)), parse_cards(shown.group(2))[0]).total
    _send(a, "muggins", max(true, 1))
    expect(a.locator("#event-log")).to_contain_text(f"Bob's hand makes {true}")
    if true:  # a right call takes the points missed (ACC rule 10.4a)
        expect(a.locator("#event-log")).to_contain_text(f"Alice pegs {true} by muggins")
    else:  # a call on a claim that missed nothing gives the claimer the points named
        expect(a.locator("#event-log")).to_contain_text("Bob pegs 1 for a wrong muggins call")

    # Alice claims 29 for her hand; Bob calls muggins 3 on it, which is wrong: Alice pegs 3 more,
    # and the overclaim stands, as Bob did not ask for a correction (ACC rule 8.4)
    expect(a.locator("#claim-btn")).to_be_visible()
    _send(a, "claim", 29)
    expect(b.locator("#muggins-btn")).to_be_visible()
    _send(b, "muggins", 3)
    expect(b.locator("#event-log")).to_contain_text("Alice pegs 29 for the hand, as claimed")
    expect(b.locator("#event-log")).to_contain_text("Alice pegs 3 for a wrong muggins call")


def _step_to(page: Any, verb: str, amount: int) -> None:
    """Set the ``verb`` control's amount with its + and - buttons alone (the stepper), then press it."""
    page.fill(f"#{verb}-amount", "")
    for _ in range(amount + 1):  # from empty, the first + gives 0
        page.click(f"#{verb}-more")
    expect(page.locator(f"#{verb}-amount")).to_have_value(str(amount))
    page.click(f"#{verb}-btn")


def _showing(page: Any) -> tuple[str, list[str]]:
    """What the felt lays face up for the claim: ("hand" or "crib", its cards and the starter)."""
    zone = page.locator("#showing")
    cards = zone.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return str(zone.get_attribute("data-what")), [str(c) for c in cards]


def test_the_crib_lies_face_up_while_claimed_and_the_stepper_muggins(player: Callable[..., Any]) -> None:
    """Two people, manual counting with muggins, Alice dealing. Bob claims his hand 0 through the
    stepper and Alice mugs what he missed with its + button; then, while Alice claims her crib, both
    tables lay the crib face up with the starter, as they did Bob's hand during his claim."""
    alice, bob = _to_the_show(player)
    a, b = alice.page, bob.page

    expect(a.locator("#showing")).to_be_visible()
    bobs_hand = _showing(a)
    assert bobs_hand[0] == "hand" and len(bobs_hand[1]) == 5 and _showing(b) == bobs_hand
    expect(b.locator("#claim-amount")).to_have_attribute("max", "29")
    _step_to(b, "claim", 0)
    expect(a.locator("#felt")).to_have_attribute("data-phase", "muggins")
    assert _showing(a) == bobs_hand  # still face up while Alice judges the claim
    hand, starter = parse_cards(" ".join(bobs_hand[1][:4])), parse_cards(bobs_hand[1][4])[0]
    true = score_show(hand, starter).total
    _step_to(a, "muggins", max(true, 1))
    expect(a.locator("#event-log")).to_contain_text(f"Bob's hand makes {true}")
    expect(a.locator("#event-log")).to_contain_text(
        f"Alice pegs {true} by muggins" if true else "Bob pegs 1 for a wrong muggins call"
    )

    _send(a, "claim", 0)  # Alice's hand
    b.click("#ready-btn")
    expect(a.locator("#showing")).to_have_attribute("data-what", "crib")
    crib = _showing(a)
    assert len(crib[1]) == 5 and crib[1][4] == bobs_hand[1][4] and _showing(b) == crib
    expect(b.locator("#showing")).to_contain_text("Alice's crib · counting")
    alice.screenshot("cribbage-crib-claim")
    bob.screenshot("cribbage-crib-claim-watched")
    true = score_show(parse_cards(" ".join(crib[1][:4])), parse_cards(crib[1][4])[0], crib=True).total
    _step_to(a, "claim", true)
    expect(b.locator("#showing")).to_contain_text(f"Alice's crib · claimed {true}")
    b.click("#ready-btn")
    expect(b.locator("#event-log")).to_contain_text(f"Alice's crib makes {true}")


def test_a_skalborg_count_while_the_other_player_counts(player: Callable[..., Any]) -> None:
    """Alice chooses 'pair' and, before she picks its cards, Bob's claims arrive and the table is
    drawn again: her choice stays, so her pair is sent as a pair. Then a run. Nothing is judged
    until both are ready; then each right claim scores its points and a miscall takes off its own."""
    alice, bob = player("Alice"), player("Bob")
    table = alice.create_table("skalborg", 2, options={"counting": "manual", "max_hands": 1}, turn_time=60)
    bob.sit_from_lobby(table)
    a, b = alice.page, bob.page
    _to_phase("count", alice, bob)
    expect(b.locator("#count-btn")).to_be_attached()
    pool = alice.hand()
    hand, board = parse_cards(" ".join(pool[:4])), parse_cards(" ".join(pool[4:]))
    items = score_skalborg(hand, board)
    claims: list[tuple[str, list[str]]] = []
    for kind in ("pair", "run"):
        found = [i for i in items if str(i.kind) == kind]
        # a hand without one is claimed one anyway, from its first cards: a miscall
        cards = [str(c) for c in found[0].cards] if found else pool[: 2 if kind == "pair" else 3]
        claims.append((kind, cards))
    expected = 0
    for number, (kind, cards) in enumerate(claims):
        a.select_option("#count-kind", kind)
        a.focus("#count-kind")
        b.locator("#my-hand button.card").nth(0).click()  # Bob picks and counts: Alice's table is drawn again
        b.locator("#my-hand button.card").nth(1 + number).click()
        b.click("#count-btn")
        expect(a.locator("#event-log div", has_text="Bob counts")).to_have_count(1 + number)
        assert a.evaluate("document.activeElement.id") == "count-kind"  # value and focus kept
        for card in cards:
            a.locator(f"#my-hand button.card[data-card='{card}']").click()
        expect(a.locator("#count-kind")).to_have_value(kind)
        a.click("#count-btn")
        expect(a.locator("#my-counts")).to_contain_text(f"{kind} ")
        valid = [i.points for i in items if str(i.kind) == kind and {str(c) for c in i.cards} == set(cards)]
        expected += valid[0] if valid else -(2 if kind == "pair" else len(cards))
    expect(a.locator("#my-counts")).to_contain_text("judged when everyone is ready")
    alice.page.click("#ready-btn")
    bob.page.click("#ready-btn")
    last = re.compile(r"Alice counts run [^\n]*: (miscalled, )?-?\d+")
    expect(a.locator("#event-log")).to_contain_text(last)
    judged = re.findall(r"Alice counts \w+ [^:\n]+: (?:miscalled, )?(-?\d+)", _log(a))
    assert sum(int(points) for points in judged) == expected, _log(a)


def test_a_cribist_muggins_call_through_its_control(player: Callable[..., Any]) -> None:
    """Cara calls muggins on a bot's trick with the control: points, kind and trick cards, the
    notation shown as it is built. The bots claim their tricks exactly, so the call is wrong and
    costs her its amount (docs/rules/cribist.md) once the window closes."""
    cara = player("Cara")
    cara.create_table(
        "cribist",
        4,
        options={"counting": "manual", "end": "deals", "deals": 1},
        bots={1: "greedy", 2: "greedy", 3: "greedy"},
        turn_time=60,
    )
    page = cara.page
    tick = cara.time_limit(60)
    while not page.locator("#muggins-control").count():
        tick()
        # never ready here: a ready said as the window opens would close it under the test
        if not cara.step(ready=False):
            page.wait_for_timeout(40)
    page.fill("#muggins-amount", "2")
    page.select_option("#muggins-kind", "fifteen")
    picks = page.locator("#muggins-control button.small")
    first, second = picks.nth(0).inner_text(), picks.nth(1).inner_text()
    picks.nth(0).click()
    page.locator("#muggins-control button.small").nth(1).click()
    expect(page.locator("#muggins-notation")).to_have_text(f"muggins 2 fifteen {first} {second}")
    page.click("#muggins-btn")
    called = f"Cara's muggins for 2 (fifteen {first} {second}): wrong"
    expect(page.locator("#event-log")).to_contain_text(called)
    expect(page.locator("#event-log")).to_contain_text("Cara loses 2 for a wrong muggins call")


def test_an_empty_claim_says_what_to_do_and_changes_nothing(player: Callable[..., Any]) -> None:
    ivy = player("Ivy")
    ivy.create_table("cribbage", 2, options={"counting": "manual", "first_dealer": 1}, bots={1: "greedy"})
    page = ivy.page
    tick = ivy.time_limit(60)
    while not page.locator("#claim-btn").count():
        tick()
        ivy.step(claim=False)
    before = ivy.state()
    page.fill("#claim-amount", "")
    page.click("#claim-btn")
    expect(page.locator(".toast.error")).to_contain_text("Type a number first (0 if there is nothing)")
    expect(page.locator("#last-error")).to_contain_text("Type a number first")
    expect(page.locator("#claim-amount")).to_be_focused()
    assert ivy.state() == before, "an empty claim moved the game"
