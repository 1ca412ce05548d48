"""The bots at a Crash table (docs/bots.md, "Crash"): a card's crashes are weighed with its points,
so a bot keeps its peg off another side's back peg and lands on its front peg."""

from __future__ import annotations

import pytest

from muggins.analysis.cribbage.hints import advise
from muggins.analysis.cribbage.review import judge
from muggins.bots.cribbage.crash import crash_swings
from muggins.bots.cribbage.players import ExpertBot, GreedyBot
from muggins.cards import parse_card
from muggins.games.moves import parse_move
from muggins.strategy.cribbage.reading import read
from tests.games.test_cribbage_crash import dealer_to_lay

# After the throws the dealer (0) holds 10S 3C 7D 9C and the pone has led 5H: 10S makes fifteen,
# 2; the others peg nothing.


def test_a_card_is_worth_the_gap_it_crashes() -> None:
    front = dealer_to_lay({0: (40, 38), 1: (42, 32)}, crash=True)
    assert crash_swings(front.view(0), read(front.view(0))) == {parse_card("10S"): 10}
    back = dealer_to_lay({0: (40, 38), 1: (52, 42)}, crash=True)
    assert crash_swings(back.view(0), read(back.view(0))) == {parse_card("10S"): -10}
    neither = dealer_to_lay({0: (40, 38), 1: (43, 33)}, crash=True)
    assert crash_swings(neither.view(0), read(neither.view(0))) == {}


@pytest.mark.parametrize("bot", [GreedyBot(1), ExpertBot(1)], ids=["greedy", "expert"])
def test_a_bot_keeps_off_a_back_peg_it_would_send_far_ahead(bot: GreedyBot | ExpertBot) -> None:
    """Fifteen-two lands on the other's back peg, 30 behind its front: the bot lays another card;
    without Crash, or with the pegs elsewhere, it takes the fifteen."""
    assert str(bot.choose(dealer_to_lay({0: (40, 38), 1: (72, 42)}).view(0))) == "play 10S"
    assert str(bot.choose(dealer_to_lay({0: (40, 38), 1: (73, 43)}, crash=True).view(0))) == "play 10S"
    assert str(bot.choose(dealer_to_lay({0: (40, 38), 1: (72, 42)}, crash=True).view(0))) != "play 10S"


def test_the_review_and_the_hint_weigh_the_crash_as_the_bots_do() -> None:
    """The review values fifteen-two onto the back peg 30 below every other card's worth, as it
    does without Crash plus the crash; the hint on it names each crashing card's worth."""
    plain = dealer_to_lay({0: (40, 38), 1: (72, 42)})
    crash = dealer_to_lay({0: (40, 38), 1: (72, 42)}, crash=True)
    fifteen = parse_move("play 10S")
    without = judge(plain.record(), [0])(plain, 0, fifteen, 7)
    judged = judge(crash.record(), [0])(crash, 0, fifteen, 7)
    assert without is not None and judged is not None
    assert without.best == "play 10S"
    assert judged.values["play 10S"] == pytest.approx(without.values["play 10S"] - 30)
    assert judged.best != "play 10S" and judged.loss > 20
    advice = advise(crash.view(0), parse_move("play 3C"))
    assert advice is not None and "10S -30" in advice.reason
