"""Skalborg equity and throw analysis, held to brute force with the batch scorer and to sampling."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from muggins.cards import parse_card, parse_cards
from muggins.cli.main import main
from muggins.scoring.skalborg.fast import skalborg_points, skalborg_points_batch
from muggins.strategy.skalborg.equity import AnalysisError, analyze_throws, equity, unseen, wilson


def brute_force_river(hand: str, board: str) -> tuple[float, float]:
    """Win and tie chances against every opponent hand of four, each scored by the batch scorer."""
    mine_cards, board_cards = parse_cards(hand), parse_cards(board)
    mine = skalborg_points([*mine_cards, *board_cards])
    rest = [c.index for c in unseen(mine_cards, board_cards)]
    rows = np.array([[*combo, *(c.index for c in board_cards)] for combo in itertools.combinations(rest, 4)])
    theirs = skalborg_points_batch(rows)
    return float((theirs < mine).mean()), float((theirs == mine).mean())


@pytest.mark.parametrize(
    ("hand", "board"),
    [("5S 5H 3S JKB", "6D 7H QH JH"), ("AC 2D 9S KC", "JKR QH 10H 3D"), ("4H 4D 4S 4C", "JKB JKR 5C 6C")],
)
def test_exact_river_equity_is_brute_force(hand: str, board: str) -> None:
    result = equity(parse_cards(hand), parse_cards(board))
    win, tie = brute_force_river(hand, board)
    assert result.exact and result.hands == math.comb(46, 4)
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.tie == pytest.approx(tie, abs=1e-12)
    assert result.share == pytest.approx(win + tie / 2)


def test_exact_turn_equity_is_the_mean_over_rivers_and_agrees_with_sampling() -> None:
    hand, board = parse_cards("5S 5H 3S JKB"), parse_cards("6D 7H QH")
    exact = equity(hand, board)
    assert exact.exact and exact.hands == 47 * 163_185
    rivers = unseen(hand, board)
    mean = sum(equity(hand, (*board, river)).share for river in rivers) / len(rivers)
    assert exact.share == pytest.approx(mean, abs=1e-12)
    sampled = equity(hand, board, exact=False, samples=50_000, seed=3)
    assert abs(sampled.share - exact.share) < 2 * sampled.error


def test_a_thrown_card_still_face_down_is_certain_to_come_up() -> None:
    hand, board = parse_cards("AC 2D 9S KC"), parse_cards("QH JH 6D")
    pending = equity(hand, board, thrown=parse_card("7H"))
    assert pending == equity(hand, (*board, parse_card("7H")))


def test_reading_strength_into_bets_lowers_equity() -> None:
    hand, board = parse_cards("AC 2D 9S KC"), parse_cards("QH JH 6D")
    plain = equity(hand, board, exact=False, samples=20_000, seed=1)
    wary = equity(hand, board, exact=False, samples=20_000, seed=1, bias=[2.0])
    assert wary.share < plain.share - 0.05


def test_more_opponents_lower_equity() -> None:
    hand = parse_cards("5S 5H 3S JKB")
    shares = [equity(hand, (), players=n, samples=20_000, seed=2).share for n in (2, 3, 4)]
    assert shares[0] > shares[1] > shares[2]


def test_throw_analysis_own_count_is_exact_and_the_same_for_every_throw() -> None:
    cards = parse_cards("5S 5H 3S JKB 6D")
    options = analyze_throws(cards, samples=2_000)
    assert sorted(str(o.throw) for o in options) == sorted(str(c) for c in cards)
    rest = unseen(cards)
    crib_means = [skalborg_points([*cards, *crib]) for crib in itertools.combinations(rest, 3)]
    for option in options:
        assert option.mine == pytest.approx(sum(crib_means) / len(crib_means))
        assert set(option.keep) | {option.throw} == set(cards)
    shares = [o.share for o in options]
    assert shares == sorted(shares, reverse=True)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: equity(parse_cards("5S 5H 3S"), ()), "4 cards, not 3"),
        (lambda: equity(parse_cards("5S 5H 3S 4S"), parse_cards("5S")), "5S appears twice"),
        (lambda: equity(parse_cards("5S 5H 3S 4S"), (), players=5), "2-4 players, not 5"),
        (lambda: analyze_throws(parse_cards("5S 5H 3S 4S")), "5 cards, not 4"),
    ],
)
def test_bad_input_names_the_problem(call: object, message: str) -> None:
    with pytest.raises(AnalysisError, match=message):
        call()  # type: ignore[operator]


def test_equity_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "equity",
                "--game",
                "skalborg",
                "--hand",
                "5S",
                "5H",
                "3S",
                "JKB",
                "--board",
                "6D 7H QH JH",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    win, tie = brute_force_river("5S 5H 3S JKB", "6D 7H QH JH")
    assert data["exact"] and data["win"] == pytest.approx(win) and data["tie"] == pytest.approx(tie)
    assert main(["equity", "--hand", "5S", "5H", "3S", "--board", "6D"]) == 2
    assert "4 cards, not 3" in capsys.readouterr().err


def test_analyze_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["analyze", "--game", "skalborg", "5S", "5H", "3S", "JKB", "6D", "--players", "3", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 3 and len(data["throws"]) == 5
    assert len({t["expected_final"] for t in data["throws"]}) == 1


def test_a_few_samples_give_a_wide_honest_interval() -> None:
    """Three deals that all win do not make a sure thing: the 95% Wilson interval of the share runs
    from about 44% to 100%, where the normal approximation said 100% +- 0."""
    hand, board = parse_cards("5S 5H 3S JKB"), parse_cards("6D 7H")
    few = equity(hand, board, players=3, samples=3, seed=1)
    assert few.interval[0] <= few.share <= few.interval[1]
    assert few.interval[1] - few.interval[0] > 0.4
    many = equity(hand, board, players=3, samples=20_000, seed=1)
    assert many.interval[1] - many.interval[0] < 0.02
    exact = equity(hand, parse_cards("6D 7H QH JH"))
    assert exact.exact and exact.interval == (exact.share, exact.share)


@pytest.mark.parametrize("samples", [1, 3, 30, 1000])
@pytest.mark.parametrize("share", [0.0, 0.1, 0.5, 1.0])
def test_wilson_holds_the_share_within_zero_and_one(share: float, samples: int) -> None:
    low, high = wilson(share, samples)
    assert 0.0 <= low <= share <= high <= 1.0
    assert high - low < wilson(share, samples / 4)[1] - wilson(share, samples / 4)[0] + 1e-12
