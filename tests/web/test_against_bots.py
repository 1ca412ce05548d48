"""One person against bots in Skalborg (chips, pot, bets, the crib turned street by street) and in
Cribist (tricks and trumps), each played to the end in the browser."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from muggins.server.tables import table as table_module


def test_skalborg_against_a_bot(player: Callable[..., Any]) -> None:
    carol = player("Carol")
    carol.create_table(
        "skalborg",
        2,
        options={"max_hands": 3, "starting_stack": 40},
        bots={1: "random"},
        turn_time=20,
        intermission=3,
    )
    page = carol.page
    expect(page.locator("#felt")).to_have_attribute("data-game", "skalborg")
    expect(page.locator("#pot")).to_be_visible()
    expect(page.locator("#stack-0")).to_be_visible()
    # the blinds are in the pot before anyone acts
    assert int(page.locator("#pot").inner_text()) > 0
    expect(page.locator("#my-hand button.card")).to_have_count(5)
    carol.move()  # throw one card to the crib
    expect(page.locator("#my-hand button.card")).to_have_count(4)
    pictured = False
    tick = carol.time_limit()
    while not carol.over():
        tick()
        moved = carol.step()
        turned = page.locator("#board [data-card]:not([data-card=back])").count()
        if not pictured and turned >= 2 and page.locator("#my-hand button.card").count() and not carol.over():
            pictured = True
            carol.screenshot("skalborg-table")
        if not moved:
            page.wait_for_timeout(40)
    if not pictured:
        carol.screenshot("skalborg-table")
    expect(page.locator("#ranks li")).to_have_count(2)
    stacks = [int(t) for t in page.locator(".seat .score").all_text_contents()]
    assert sum(stacks) == 80, "chips are neither made nor lost"


def test_cribist_against_three_bots(player: Callable[..., Any]) -> None:
    dan = player("Dan")
    dan.create_table(
        "cribist",
        4,
        options={"deals": 1},
        bots={1: "random", 2: "random", 3: "random"},
        turn_time=20,
        intermission=3,
    )
    page = dan.page
    expect(page.locator("#felt")).to_have_attribute("data-game", "cribist")
    expect(page.locator("#my-hand button.card")).to_have_count(13)
    # a hint on Dan's first choice of cards plays each out, with its average margin
    tick = dan.time_limit()
    while page.locator("#my-hand button.card.legal").count() < 2:
        tick()
        if not dan.step():
            page.wait_for_timeout(40)
    page.keyboard.press("h")
    expect(page.locator("#hint-reason")).to_contain_text("deals of the unseen cards played out")
    expect(page.locator("#hint-details li").first).to_contain_text(re.compile(r"^\S+: [+-]\d+\.\d\d$"))
    pictured = False
    tick = dan.time_limit()
    while not dan.over():
        tick()
        moved = dan.step()
        in_trick = page.locator("#trick [data-card]").count()
        if not pictured and in_trick >= 2 and page.locator("#trumps").inner_text() != "·":
            pictured = True
            dan.screenshot("cribist-table")
        if not moved:
            page.wait_for_timeout(40)
    expect(page.locator("#ranks li")).to_have_count(4)
    tricks = page.locator(".seat .meta:has-text('tricks')").all_text_contents()
    assert sum(int(t.split("tricks")[1]) for t in tricks) == 13


def test_cribist_game_clock_counts_down_and_ends_after_the_hand(
    player: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Cribist game ending by time shows the game time left, then that the hand is the last."""
    monkeypatch.setattr(table_module, "GAME_MINUTE", 4.0)  # the one-minute limit lasts 4 s
    eve = player("Eve")
    eve.create_table(
        "cribist",
        4,
        options={"end": "time", "minutes": 1},
        bots={1: "random", 2: "random", 3: "random"},
        turn_time=20,
        intermission=3,
    )
    page = eve.page
    expect(page.locator("#game-clock")).to_have_text(re.compile(r"^Game time 0:0[1-4]$"))
    # Eve waits (her turn clock is 20 s), so time is called in the first hand, which is played out.
    expect(page.locator("#game-clock")).to_have_text("Time is up: last hand", timeout=15_000)
    expect(page.locator("#my-hand button.card")).not_to_have_count(0)
    assert not eve.over()
    tick = eve.time_limit()
    while not eve.over():
        tick()
        if not eve.step():
            page.wait_for_timeout(40)
    expect(page.locator("#result")).to_contain_text("time is up")
    expect(page.locator("#game-clock")).to_be_hidden()
    tricks = page.locator(".seat .meta:has-text('tricks')").all_text_contents()
    assert sum(int(t.split("tricks")[1]) for t in tricks) == 13


def test_cribbage_manual_counting_and_muggins(player: Callable[..., Any]) -> None:
    max_ = player("Max")
    max_.create_table(
        "cribbage",
        2,
        options={"target": 45, "counting": "manual", "muggins": True},
        bots={1: "expert"},
        turn_time=20,
        intermission=3,
    )
    page = max_.page
    claimed = False
    tick = max_.time_limit()
    while not max_.over():
        tick()
        if not claimed and page.locator("#claim-btn").count():
            # a claim no hand can make is refused with the reason; then Max claims nothing
            page.fill("#claim-amount", "99")
            page.click("#claim-btn")
            expect(page.locator("#last-error")).to_contain_text("makes 99; claim 0 to 29")
            claimed = True
        # the stepper leaves the first claim to the check above, however soon the page asks for it
        if not max_.step(claim=claimed):
            page.wait_for_timeout(40)
    assert claimed, "Max was asked to count a hand"
    expect(page.locator("#ranks li")).to_have_count(2)


def test_skalborg_manual_count(player: Callable[..., Any]) -> None:
    nia = player("Nia")
    nia.create_table(
        "skalborg",
        2,
        options={"max_hands": 6, "counting": "manual"},
        bots={1: "random"},
        turn_time=20,
        intermission=30,
    )  # the count is a pause: time enough to count
    page = nia.page
    tick = nia.time_limit()
    while not page.locator("#count-btn").count():
        tick()
        assert not nia.over(), "the hand reached a showdown for Nia to count"
        if not nia.step(before="#count-btn"):  # not a Ready pressed as the count opens: it ends the hand
            page.wait_for_timeout(40)
    # claim a pair of two cards that are not a pair: counted as wrong, and the count goes on
    cards = page.locator("#my-hand button.card")
    for index in range(cards.count()):  # the first two picked and no other, whatever was picked before
        card = cards.nth(index)
        if (card.get_attribute("aria-pressed") == "true") != (index < 2):
            card.click()
    page.select_option("#count-kind", "flush")
    page.click("#count-btn")
    expect(page.locator("#event-log")).to_contain_text("Nia counts flush")
    nia.play_to_end(limit=30)
    expect(page.locator("#ranks li")).to_have_count(2)


def test_skalborg_pot_shortcuts_fill_the_amount(player: Callable[..., Any]) -> None:
    sid = player("Sid")
    sid.create_table("skalborg", 2, options={"starting_stack": 200}, bots={1: "station"}, turn_time=30)
    page = sid.page
    # the first step says what to do, and the shared crib says what it is (issue 58)
    expect(page.locator("#status")).to_contain_text("Click one of your five cards to throw it into the crib")
    expect(page.locator("#felt")).to_contain_text("the crib — shared by everyone")
    expect(page.locator("#hand-worth")).to_have_count(0)
    sid.move()  # throw one card to the crib; then Sid's first bet
    expect(page.locator("#pot-btn")).to_be_visible()
    expect(page.locator("#hand-worth")).to_have_text(re.compile(r"^your hand is worth \d+ on its own"))
    page.keyboard.press("h")  # the hint weighs the showdown share against the pot odds
    expect(page.locator("#hint-reason")).to_contain_text(re.compile(r"takes about \d+% of the pot"))
    expect(page.locator("#hint-details")).to_contain_text("showdown share")
    amount = page.locator("#bet-amount")
    low, high = int(amount.get_attribute("min") or 0), int(amount.get_attribute("max") or 0)
    pot = int(page.locator("#pot").inner_text())
    call = page.locator("#call-btn")
    to_call = int(call.inner_text().split()[-1]) if call.count() else 0
    staying = re.search(r"\((\d+) to stay in\)", page.locator("#status").inner_text())
    current = int(staying.group(1)) if staying else 0

    def share(part: float) -> int:  # a bet or raise to this share of the pot once called
        return max(low, min(high, current + math.floor((pot + to_call) * part + 0.5)))

    page.click("#half-pot-btn")
    expect(amount).to_have_value(str(share(0.5)))
    page.click("#pot-btn")
    expect(amount).to_have_value(str(share(1)))
    verb = "raise" if page.locator("#raise-btn").count() else "bet"
    page.click(f"#{verb}-btn")
    said = f"Sid raises to {share(1)}" if verb == "raise" else f"Sid bets {share(1)}"
    expect(page.locator("#event-log")).to_contain_text(said)


def against_random_bots(
    player: Callable[..., Any], name: str, players: int, options: dict[str, object]
) -> Any:
    """``name`` at a new cribbage table of ``players`` seats, the others random bots."""
    seated = player(name)
    seated.create_table(
        "cribbage",
        players,
        options=options,
        bots=dict.fromkeys(range(1, players), "random"),
        turn_time=20,
        intermission=3,
    )
    return seated


def play_out_picturing(seated: Any, picture: str, pile: int) -> None:
    """Play to the end, saving ``picture`` once the play's pile holds ``pile`` cards."""
    page = seated.page
    pictured = False
    tick = seated.time_limit(150.0)
    while not seated.over():
        tick()
        moved = seated.step()
        if not pictured and seated.phase() == "play" and page.locator("#pile [data-card]").count() >= pile:
            pictured = True
            seated.screenshot(picture)
        if not moved:
            page.wait_for_timeout(40)
    assert pictured


def test_five_handed_cribbage_against_four_bots(player: Callable[..., Any]) -> None:
    """Five seats at the table; the dealer holds four and is never asked to discard; a hint on the
    pone's throw of one card; the game plays to its end."""
    erin = against_random_bots(player, "Erin", 5, {"target": 61})
    page = erin.page
    expect(page.locator("#felt")).to_have_attribute("data-game", "cribbage")
    expect(page.locator(".seat")).to_have_count(5)
    cards = page.locator("#my-hand button.card")
    dealer = page.locator(".seat[data-seat='0'] .meta:has-text('dealer')").count() == 1
    expect(cards).to_have_count(4 if dealer else 5)
    if not dealer:
        page.keyboard.press("h")
        expect(page.locator("#hint-move")).to_have_text(re.compile(r"^discard \S+$"))
    play_out_picturing(erin, "cribbage-five", 3)
    expect(page.locator("#ranks li")).to_have_count(5)


def test_captains_cribbage_as_the_captain_against_two_bots(player: Callable[..., Any]) -> None:
    """The lobby's captain option makes the table; the legend gives each side its own target."""
    fay = against_random_bots(player, "Fay", 3, {"target": 61, "captain": 0})
    legend = fay.page.locator(".board-legend")
    expect(legend).to_contain_text("Fay: 0 of 31")
    expect(legend).to_contain_text("random bot 2 & random bot 3: 0 of 61")
    goal = fay.page.locator(".board .lane[data-side='0'] .side-goal")  # the captain's own game hole
    expect(goal).to_have_count(1)
    expect(fay.page.locator(".board .side-goal")).to_have_count(1)
    play_out_picturing(fay, "cribbage-captain", 2)
    expect(fay.page.locator("#ranks li")).to_have_count(3)


def test_lowball_says_the_first_to_the_target_loses(player: Callable[..., Any]) -> None:
    gus = against_random_bots(player, "Gus", 2, {"target": 31, "lowball": True})
    expect(gus.page.locator(".board-legend")).to_contain_text("Lowball: the first to 31 loses")
    play_out_picturing(gus, "cribbage-lowball", 2)
    expect(gus.page.locator("#ranks li")).to_have_count(2)


def test_auction_bids_for_the_crib_and_names_its_buyer(player: Callable[..., Any]) -> None:
    """Auction against a random bot, to 31: the legend names the rule; with nothing to bid from
    the status says to pass, and the key the button shows passes; the first time the player can
    bid, the most their score allows is typed and sent, and the bidding lists it; the crib is
    labelled with its buyer; the game ends."""
    ivy = against_random_bots(player, "Ivy", 2, {"target": 31, "auction": True})
    page = ivy.page
    expect(page.locator(".board-legend")).to_contain_text("Auction: the crib goes to the highest bidder")
    expect(page.locator("#keys-help")).to_contain_text("the letter a button shows presses it")
    tick = ivy.time_limit(150.0)
    typed = 0
    while not ivy.over():
        tick()
        if not typed and ivy.phase() == "bid" and page.locator("#pass-btn").count():
            if not page.locator("#bid-least").count():
                expect(page.locator("#status")).to_contain_text(": pass")
                expect(page.locator("#pass-btn")).to_have_text("Pass (p)")
                page.keyboard.press("p")  # the letter the button shows presses it
                expect(page.locator("#pass-btn")).to_have_count(0)
                continue
            else:
                typed = int(page.get_attribute("#bid-amount", "max") or "0")
                page.fill("#bid-amount", str(typed))
                page.click("#bid-btn")
                expect(page.locator("#bidding")).to_contain_text(f"Ivy bids {typed}")
                page.wait_for_timeout(500)
                ivy.screenshot("cribbage-auction")
                if ivy.phase() == "discard":
                    buyer = page.locator("#bidding .label").text_content() or ""
                    said = re.fullmatch(r"(Ivy|random bot 2) has the crib for (\d+)", buyer)
                    assert said, buyer  # Ivy for her bid, or the bot for one above it
                    assert (said[1] == "Ivy") == (int(said[2]) == typed)
                    expect(page.locator(".zone", has_text="crib (")).to_contain_text(f"crib ({said[1]})")
                continue
        if not ivy.step():
            page.wait_for_timeout(40)
    assert typed, "the player never had points to bid with"


def test_toss_fives_picks_the_fives_and_allows_only_the_throws_that_take_them(
    player: Callable[..., Any],
) -> None:
    """The legend names the rule. At the first deal holding one or two fives (dealt in four deals of
    ten, so a match of five games to 121, three at least and some 27 deals, runs out of deals about
    once in a million), the fives are picked already and cannot be unpicked; another card picked
    drops an older pick, never a five, and with two fives picked no other card can be; the throw
    goes."""
    hal = against_random_bots(player, "Hal", 2, {"match": 5, "toss_fives": True})
    page = hal.page
    expect(page.locator(".board-legend")).to_contain_text("Toss Fives: every five dealt goes to the crib")
    tick = hal.time_limit(240.0)
    while not hal.over():
        tick()
        hand = hal.hand()
        fives = [card for card in hand if card.startswith("5")]
        if hal.phase() == "discard" and page.locator("#discard-btn").count() and 1 <= len(fives) <= 2:
            break
        if not hal.step():
            page.wait_for_timeout(40)
    else:
        raise AssertionError("no deal of the match held one or two fives")
    picked = [page.locator(f"#my-hand button.card[data-card='{five}']") for five in fives]
    for five in picked:
        expect(five).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#status")).to_contain_text("(your fives must go)")
    picked[0].click()  # a card the rule requires stays picked
    expect(picked[0]).to_have_attribute("aria-pressed", "true")
    others = [card for card in hand if card not in fives]
    clicked = others[: 3 - len(fives)]
    for card in clicked:  # the newer pick drops the older, never a five; two fives fill the throw
        page.locator(f"#my-hand button.card[data-card='{card}']").click()
    throw = fives + clicked[-1:] if len(fives) == 1 else fives
    pressed = page.locator("#my-hand button.card[aria-pressed='true']")
    expect(pressed).to_have_count(2)
    assert sorted(pressed.evaluate_all("cards => cards.map((c) => c.dataset.card)")) == sorted(throw)
    expect(page.locator("#discard-btn")).to_be_enabled()
    page.wait_for_timeout(1000)  # the last hand's cards done gathering, for the picture
    hal.screenshot("cribbage-toss-fives")
    page.click("#discard-btn")
    expect(page.locator("#my-hand button.card")).to_have_count(4)
    assert not set(fives) & set(hal.hand())


@pytest.mark.parametrize(("variant", "dealt"), [("seven-card", 7), ("eight-card", 8)])
def test_seven_and_eight_card_deal_their_hands_and_play_to_the_end(
    player: Callable[..., Any], variant: str, dealt: int
) -> None:
    """The lobby's variant makes the table; the hand holds every card dealt, the hint names a throw of
    two, and the longer hands play out through their counts to the end."""
    jo = against_random_bots(player, "Jo", 2, {"target": 61, "variant": variant})
    page = jo.page
    expect(page.locator("#my-hand button.card")).to_have_count(dealt)
    page.keyboard.press("h")
    expect(page.locator("#hint-move")).to_have_text(re.compile(r"^discard \S+ \S+$"))
    play_out_picturing(jo, f"cribbage-{variant}", 2)
    expect(page.locator("#ranks li")).to_have_count(2)


def test_wild_jokers_are_laid_through_the_call_picker_and_shown_as_called(player: Callable[..., Any]) -> None:
    """A joker picked from the hand opens the call picker (only ranks that keep the count to 31);
    laid, the log says the call and the pile draws a joker with the card it was called. Deals are
    random: games are played until the seat has laid a joker and one was seen on the pile (four at
    most: each deal holds a joker somewhere nearly half the time)."""
    laid = pictured = False
    for name in ("Kim", "Lee", "Max", "Ned"):
        seated = against_random_bots(player, name, 2, {"jokers": True})
        page = seated.page
        expect(page.locator(".board-legend")).to_contain_text("Wild jokers")
        tick = seated.time_limit(150.0)
        while not seated.over() and not (laid and pictured):
            tick()
            if not laid and page.locator("#joker-call").count():
                ranks = page.locator("#call-rank option").all_text_contents()
                count = int(page.locator("#count").inner_text())
                values = [10 if r in ("J", "Q", "K") else 1 if r == "A" else int(r) for r in ranks]
                assert values and max(values) <= 31 - count
                seated.screenshot("cribbage-jokers-call")
                page.select_option("#call-rank", ranks[0])
                page.select_option("#call-suit", "H")
                page.locator("#joker-btn").click()
                expect(page.locator("#event-log")).to_contain_text(
                    re.compile(rf"{name} plays JK[BR] as {ranks[0]}H")
                )
                laid = True
                continue
            # read in one go: the count may be reset (and the pile cleared) between two reads
            called = page.locator("#pile .called").evaluate_all(
                "els => els.map((e) => [e.dataset.call, e.querySelector('.call-badge').textContent])"
            )
            if not pictured and called:
                call, badge = called[-1]
                assert re.fullmatch(r"JK[BR]=(A|[2-9]|10|J|Q|K)[CDHS]", call), call
                assert badge.startswith("as ") and badge[-1] in "♣♦♥♠", badge
                page.wait_for_timeout(800)  # the cards' moves settle before the picture
                if page.locator("#pile .called").count():  # still there: the count was not reset meanwhile
                    seated.screenshot("cribbage-jokers")
                    pictured = True
            if not seated.step():
                page.wait_for_timeout(40)
        if laid and pictured:
            return
    pytest.fail(f"in four games: a joker laid {laid}, one seen on the pile {pictured}")


def test_crash_names_the_rule_and_each_sides_back_peg(player: Callable[..., Any]) -> None:
    """Crash against a random bot, a match of five games to 61: the legend names the rule and gives
    each side's back peg beside its score, as the board draws them; at the first crash the log says
    whose peg was crashed (a crash comes in one random game in two or so: a match of five makes at
    least three games), and the match plays to its end."""
    joy = against_random_bots(player, "Joy", 2, {"target": 61, "match": 5, "crash": True})
    page = joy.page
    legend = page.locator(".board-legend")
    expect(legend).to_contain_text("Crash: the pegs share one track; a peg landed on is crashed")
    expect(legend).to_contain_text("Joy: 0 (back peg 0)")
    log = page.locator("#event-log")
    tick = joy.time_limit(300.0)
    pictured = False
    while not joy.over():
        tick()
        if not pictured and "for a crashed" in (log.text_content() or ""):
            pictured = True
            expect(legend).to_contain_text(re.compile(r"Joy: \d+ \(back peg \d+\)"))
            joy.screenshot("cribbage-crash")
        if not joy.step():
            page.wait_for_timeout(40)
    assert pictured, "no crash in the whole match"
