"""``bench/crash.py`` sets a bot against itself blind to Crash: the blind one lays as at a plain
table, and the run's figures are the first bot's over both seats of every deal."""

from __future__ import annotations

from bench.crash import CrashBlind, weighed

from muggins.bots.cribbage.players import GreedyBot
from tests.bots.test_cribbage_crash import dealer_to_lay


def test_the_blind_bot_lands_on_the_back_peg_the_bot_keeps_off() -> None:
    view = dealer_to_lay({0: (40, 38), 1: (72, 42)}, crash=True).view(0)
    assert str(CrashBlind(GreedyBot(1)).choose(view)) == "play 10S"
    assert str(GreedyBot(1).choose(view)) != "play 10S"


def test_a_run_plays_each_deal_from_both_seats() -> None:
    figures = weighed("greedy", pairs=3, seed=5, workers=1)
    assert figures["n"] == 6 and figures["groups"] == 3
    assert 0.0 <= figures["mean"] <= 1.0 and "margin_per_deal" in figures
