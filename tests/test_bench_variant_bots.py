"""``bench/variant_bots.py`` sets a bot against itself without its handling of a variant: the
other bot plays as that handling is taken away, and the run's figures are the first bot's over
both seats of every deal."""

from __future__ import annotations

from bench.variant_bots import CrashBlind, HeldJokers, weighed

from muggins.bots.cribbage.players import ExpertBot, GreedyBot
from muggins.bots.cribbage.wild import wild_discard
from muggins.strategy.cribbage.reading import read
from tests.games.test_cribbage_crash import dealer_to_lay
from tests.games.test_cribbage_jokers import HANDS, stacked, wild_game


def test_the_blind_bot_lands_on_the_back_peg_the_bot_keeps_off() -> None:
    view = dealer_to_lay({0: (40, 38), 1: (72, 42)}, crash=True).view(0)
    assert str(CrashBlind(GreedyBot(1)).choose(view)) == "play 10S"
    assert str(GreedyBot(1).choose(view)) != "play 10S"


def test_the_held_jokers_expert_throws_by_what_the_cards_hold_now() -> None:
    view = wild_game(deck=stacked(HANDS, "JKB")).view(1)
    expert = ExpertBot(1)
    held = wild_discard(read(view), expert.tables, by_starters=False)
    assert HeldJokers(1).choose(view) == held
    assert expert.choose(view) == wild_discard(read(view), expert.tables)


def test_a_run_plays_each_deal_from_both_seats() -> None:
    for variant in ("crash", "jokers"):
        figures = weighed(variant, "greedy" if variant == "crash" else "expert", pairs=2, seed=5, workers=1)
        assert figures["n"] == 4 and figures["groups"] == 2
        assert 0.0 <= figures["mean"] <= 1.0 and "margin_per_deal" in figures
