"""The chance to win the race to 121: the table worked back from the target agrees with a deal
worked out on its own, with races sampled from the same stages, and with self-play's first dealer;
the expert's discard near the end takes the keep with the best chance."""

from __future__ import annotations

import itertools
import json
import random
import zlib
from importlib import resources

import numpy as np
import pytest

from muggins import new_game
from muggins.bots.cribbage.discard import expert_discard
from muggins.bots.cribbage.players import ExpertBot
from muggins.bots.cribbage.position import racing, shifted, win_chances
from muggins.games.moves import Discard
from muggins.shipped import PackedTableError
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.keeps import show_counts
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.winchance import (
    CHANCE_FILE,
    TARGET,
    WinChance,
    WinChanceError,
    by_points,
    packed_wins,
    shipped_win_chance,
    unpacked_wins,
)

SMALL = WinChance.build(
    {(1, 0): 0.3, (2, 1): 0.3, (0, 2): 0.2, (4, 3): 0.2},
    {0: 0.2, 4: 0.5, 10: 0.3},
    {2: 0.3, 8: 0.4, 16: 0.3},
    {0: 0.5, 4: 0.5},
)


def _race(chances: WinChance, dealer: int, pone: int, rng: random.Random) -> bool:
    """One race sampled stage by stage from ``chances``' distributions: whether the first dealer wins."""
    scores, deals, first = [dealer, pone], 0, 0
    pegs = list(chances.pegging.items())
    while True:
        d_seat, p_seat = (first, 1 - first) if deals % 2 == 0 else (1 - first, first)
        (d, p), _ = rng.choices(pegs, weights=[q for _, q in pegs])[0]
        scores[p_seat] += p
        scores[d_seat] += d
        if scores[p_seat] >= TARGET:  # the pone lays first
            return p_seat == first
        if scores[d_seat] >= TARGET:
            return d_seat == first
        for seat, show in ((p_seat, chances.pone_show), (d_seat, chances.dealer_show)):
            scores[seat] += rng.choices(list(show), weights=list(show.values()))[0]
            if scores[seat] >= TARGET:
                return seat == first
        deals += 1


@pytest.mark.parametrize(("dealer", "pone"), [(100, 100), (110, 90), (90, 115), (60, 70)])
def test_the_table_matches_races_sampled_from_the_same_stages(dealer: int, pone: int) -> None:
    rng = random.Random(dealer * 1000 + pone)
    races = 4000
    won = sum(_race(SMALL, dealer, pone, rng) for _ in range(races))
    expected = SMALL.chance(dealer, pone, dealing=True)
    spread = (expected * (1 - expected) / races) ** 0.5
    assert abs(won / races - expected) < 4 * spread + 1e-9, (won / races, expected)


def _deal_by_hand(chances: WinChance, dealer: int, pone: int, shows: tuple[dict[int, float], ...]) -> float:
    """One deal's chance summed stage by stage over every play, pone's show and dealer's show."""
    pone_show, dealer_show = shows
    total = 0.0
    for (d, p), q in chances.pegging.items():
        x, y = dealer + d, pone + p
        if y >= TARGET or x >= TARGET:
            total += q * (y < TARGET)  # the pone first, should both get there in the play
            continue
        for h, q_h in pone_show.items():
            for s, q_s in dealer_show.items():
                if y + h >= TARGET:
                    outcome = 0.0
                elif x + s >= TARGET:
                    outcome = 1.0
                else:
                    outcome = 1.0 - chances.chance(y + h, x + s, dealing=True)
                total += q * q_h * q_s * outcome
    return total


def test_the_choices_of_a_discard_are_worked_out_as_one_deal_each() -> None:
    """``deal_chances`` over several choices at once equals each choice summed by hand."""
    rng = random.Random(5)
    chances = shipped_win_chance()
    for dealer, pone in [(100, 104), (117, 90), (85, 119), (60, 60)]:
        shows = []
        for _ in range(4):
            pone_show = {rng.randrange(30): rng.random() for _ in range(5)}
            dealer_show = {rng.randrange(45): rng.random() for _ in range(6)}
            shows.append(
                tuple({k: v / sum(d.values()) for k, v in d.items()} for d in (pone_show, dealer_show))
            )
        rows = [np.stack([by_points_wide(show[side], 45) for show in shows]) for side in (0, 1)]
        found = chances.deal_chances(dealer, pone, *rows)
        assert found == pytest.approx([_deal_by_hand(chances, dealer, pone, show) for show in shows])


def by_points_wide(distribution: dict[int, float], width: int) -> np.ndarray:
    """``by_points`` padded to ``width`` points, so that rows of several distributions stack."""
    row = np.zeros(width)
    found = by_points(distribution)
    row[: len(found)] = found
    return row


def test_one_deal_worked_out_alone_agrees_with_the_table() -> None:
    for chances in (SMALL, shipped_win_chance()):
        for dealer, pone in [(0, 0), (50, 80), (100, 118), (120, 0), (0, 120), (119, 119)]:
            assert chances.deal_chance(dealer, pone) == pytest.approx(chances.dealer_wins[dealer, pone])


def test_more_points_never_lower_the_chance() -> None:
    wins = shipped_win_chance().dealer_wins
    assert (wins[1:, :] >= wins[:-1, :] - 1e-12).all()  # the dealer with more
    assert (wins[:, 1:] <= wins[:, :-1] + 1e-12).all()  # the pone with more
    assert ((wins >= 0) & (wins <= 1)).all()


def test_my_chance_is_the_others_complement() -> None:
    chances = shipped_win_chance()
    for mine, theirs in itertools.product((0, 40, 97, 120), repeat=2):
        assert chances.chance(mine, theirs, dealing=True) == pytest.approx(
            1 - chances.chance(theirs, mine, dealing=False)
        )
    assert chances.chance(121, 80, dealing=False) == 1.0 and chances.chance(80, 121, dealing=True) == 0.0


def test_the_shipped_chances_match_the_first_dealer_of_self_play() -> None:
    """The first dealer's share of 20,000 expert games (its 95% interval is about 0.7 points)."""
    meta = shipped_win_chance().meta
    assert abs(meta["first_dealer_chance"] - meta["first_dealer_won"]) < 0.01
    assert 0.54 < meta["first_dealer_chance"] < 0.58


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"pegging": [[1, 0, 1.0]], "pone_show": [[0, 1.0]], "dealer_show": [[0, 1.0]]},
        {"pegging": [[0, 0, 1.0]], "pone_show": [[0, 1.0]], "dealer_show": [[0, 1.0]], "crib": [[0, 1.0]]},
        {"pegging": [[1, 0, -1.0]], "pone_show": [[0, 1.0]], "dealer_show": [[0, 1.0]], "crib": [[0, 1.0]]},
        {"pegging": "x", "pone_show": [[0, 1.0]], "dealer_show": [[0, 1.0]], "crib": [[0, 1.0]]},
    ],
)
def test_malformed_chance_data_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(WinChanceError):
        WinChance.from_json(data)


def test_shifting_moves_the_mean_exactly_and_never_below_no_points() -> None:
    """Each row moves by its own amount: the chances still add up to one and the mean moves by it;
    what would go below no points stays at none."""
    dist = by_points({1: 0.25, 4: 0.5, 8: 0.25})
    mean = float(np.arange(len(dist)) @ dist)
    by = np.array([-0.4, 0.0, 0.3, 1.75, 2.0])
    moved = shifted(dist, by)
    assert moved.sum(axis=1) == pytest.approx(np.ones(len(by)))
    assert moved @ np.arange(moved.shape[1]) == pytest.approx(mean + by)
    low = shifted(by_points({0: 0.25, 3: 0.5, 7: 0.25}), np.array([-2.5]))[0]
    assert low[0] == pytest.approx(0.25 + 0.5 * 0.5)  # the nought, and half the 3 (to 0.5 -> 0 and 1)
    assert low.sum() == pytest.approx(1.0)
    rows = shifted(np.stack([dist, dist[::-1]]), np.array([1.0, 0.5]))
    assert rows[0, 2] == pytest.approx(0.25) and rows[1].sum() == pytest.approx(1.0)  # rows apart


def test_the_race_applies_to_two_players_near_121_only() -> None:
    def seat(players: int, scores: list[int], target: int | None = None) -> bool:
        game = new_game("cribbage", players=players, seed=1, target=target)
        view = game.view(min(game.to_move))
        view["scores"] = scores
        return racing(read(view))

    assert not seat(2, [0, 0]) and seat(2, [90, 0]) and seat(2, [0, 86])
    assert not seat(3, [90, 90, 90])
    assert not seat(2, [50, 50], target=61)


def test_near_the_end_the_expert_keeps_the_best_chance_not_the_most_points() -> None:
    """Over deals near the end, the expert asked to weigh the chances keeps the hand with the best
    chance of its fifteen keeps, and in some deals not the one the go-out estimate keeps."""
    tables = shipped_tables()
    bot = ExpertBot(chances=True)
    differ = 0
    for number in range(40):
        game = new_game("cribbage", players=2, seed=number)
        view = game.view(min(game.to_move))
        view["scores"] = [100 + number % 20, 104 + number % 15]
        seat = read(view)
        chosen = bot.choose(view)
        assert isinstance(chosen, Discard)
        keeps = list(itertools.combinations(seat.hand, 4))
        thrown = [frozenset(c for c in seat.hand if c not in kept) for kept in keeps]
        dealing = seat.dealer == seat.me
        cribs = [tables.expected("2", 0 if dealing else 1, tuple(t)) for t in thrown]
        plays = [bot.play.worth(kept, dealing) for kept in keeps]
        chances = win_chances(
            seat, bot.chances or shipped_win_chance(), show_counts(seat.hand, 4), cribs, plays
        )
        assert chances[thrown.index(frozenset(chosen.cards))] == pytest.approx(max(chances), abs=1e-5)
        differ += chosen != expert_discard(seat, tables, bot.play, None)
    assert differ > 0


def test_the_shipped_table_is_the_one_its_stages_work_out_to() -> None:
    """The table read as shipped (not worked out in each process) is what the shipped stages give
    (to the last bits a machine's sums may round apart)."""
    text = resources.files("muggins.data").joinpath(CHANCE_FILE).read_text(encoding="utf-8")
    worked = WinChance.from_json(json.loads(text))
    shipped = shipped_win_chance()
    assert shipped.dealer_wins.shape == (TARGET, TARGET)
    assert np.allclose(shipped.dealer_wins, worked.dealer_wins, rtol=0.0, atol=1e-12)
    assert shipped.pegging == worked.pegging and shipped.crib == worked.crib


def test_a_damaged_table_is_refused_by_name() -> None:
    with pytest.raises(PackedTableError, match=r"win_chance_table\.zlib is damaged"):
        unpacked_wins(b"not a table")
    with pytest.raises(PackedTableError, match="holds 4 entries, not 14641"):
        unpacked_wins(zlib.compress(np.zeros(4).tobytes()))
    table = np.linspace(0.0, 1.0, TARGET * TARGET).reshape(TARGET, TARGET)
    assert np.array_equal(unpacked_wins(packed_wins(table)), table)
