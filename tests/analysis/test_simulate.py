"""The simulation engine: reproducible whatever the worker count, duplicate deals, statistics that
add up, and every registered game playable by its bots."""

from __future__ import annotations

import gc
import json
import math
from typing import Any

import pytest

from muggins.analysis import simulate
from muggins.analysis.simulate import play, rarer_young_collections, run
from muggins.analysis.spec import Spec
from muggins.analysis.tally import Tally, rate, summarise
from muggins.bots.registry import bot_names
from muggins.games.registry import game_class, game_names, new_game


def test_same_seed_same_results_whatever_the_workers() -> None:
    spec = Spec("cribbage", 2, ("expert", "greedy"), 6, seed=11, duplicate=True)
    one = run(spec, workers=1, chunk=2)
    two = run(spec, workers=2, chunk=1)
    assert one == two
    assert run(Spec("cribbage", 2, ("expert", "greedy"), 6, seed=12), chunk=3) != one


def test_duplicate_deals_swap_the_seats_on_the_same_cards() -> None:
    spec = Spec("cribbage", 2, ("expert", "random"), 4, seed=5, duplicate=True)
    assert spec.game_seed(0) == spec.game_seed(1) != spec.game_seed(2)
    a, b = play(spec, 0), play(spec, 1)
    assert a["bots"] == ["expert", "random"] and b["bots"] == ["random", "expert"]
    assert a["first_dealer"] == b["first_dealer"]
    three = Spec("cribbage", 3, ("expert", "greedy", "random"), 3, seed=5, duplicate=True)
    assert {tuple(three.seats(n)) for n in range(3)} == {
        ("expert", "greedy", "random"),
        ("greedy", "random", "expert"),
        ("random", "expert", "greedy"),
    }


def test_summary_adds_up() -> None:
    spec = Spec("cribbage", 2, ("expert", "greedy"), 8, seed=3, duplicate=True)
    records = run(spec)
    summary = summarise(spec, records)
    wins = summary["by_bot"]
    assert wins["expert"]["win_rate"]["mean"] + wins["greedy"]["win_rate"]["mean"] == pytest.approx(1)
    dealer, pone = summary["per_deal"]["dealer"], summary["per_deal"]["pone"]
    parts = ("hand", "crib", "pegging", "his heels")
    assert dealer["total"] == pytest.approx(sum(dealer.get(p, 0) for p in parts))
    assert "crib" not in pone
    complete = sum(len(r["complete"]) for r in records)
    assert dealer["deals"] == complete
    for record in records:
        # The winner reached 121; a deal's points are the scores it added.
        assert max(record["scores"]) >= 121
        assert [sum(p[s] for p in record["deal_points"]) for s in range(2)] == record["scores"]
    assert 0 <= summary["first_dealer_win_rate"]["mean"] <= 1
    for name, bot in wins.items():
        seats = [(r, s) for r in records for s, b in enumerate(r["bots"]) if b == name]
        gained = sum(r["scores"][s] for r, s in seats)  # cribbage starts every seat at 0
        assert bot["score_change_per_deal"] * sum(r["deals"] for r, _ in seats) == pytest.approx(gained)


def test_rate_is_a_mean_with_a_normal_interval() -> None:
    values = [1.0, 0.0, 1.0, 1.0]
    got = rate(values)
    sd = math.sqrt(sum((v - 0.75) ** 2 for v in values) / 3)
    assert got["mean"] == 0.75 and got["ci95"] == pytest.approx(1.959964 * sd / 2)
    paired = rate([1.0, 0.0, 1.0, 0.0], groups=2)
    assert paired["mean"] == 0.5 and paired["ci95"] == 0.0


@pytest.mark.parametrize("game", game_names())
def test_every_registered_game_simulates(game: str) -> None:
    """The loop is generic: any game, random bots (each game's own bots are tested with the game)."""
    try:
        cls = game_class(game)
    except ModuleNotFoundError:
        pytest.skip(f"{game} is not built yet")
    spec = Spec(game, cls.min_players, ("random",), 3, seed=1, duplicate=True)
    records = run(spec)
    summary = summarise(spec, records)
    assert summary["games"] == 3 and set(summary["by_bot"]) == {"random"}
    deals = any(e.type == "new_hand" for e in new_game(game, players=cls.min_players, seed=1).events)
    # a game played in deals has per-deal figures; one that is not (Squares) has none
    assert summary["deals_per_game"]["mean"] >= 1 if deals else "deals_per_game" not in summary
    assert "random" in bot_names(game)


def test_duplicate_plays_each_different_seating_once() -> None:
    """A rotation that seats the bots as an earlier one did would replay the same game."""
    alone = Spec("cribbage", 2, ("greedy",), 4, seed=1, duplicate=True)
    assert alone.rotations == 1
    assert len({alone.game_seed(n) for n in range(4)}) == 4
    alternating = Spec("cribbage", 4, ("greedy", "random"), 4, seed=1, duplicate=True)
    greedy_first, random_first = ("greedy", "random") * 2, ("random", "greedy") * 2
    assert alternating.seatings == (greedy_first, random_first)
    assert alternating.game_seed(0) == alternating.game_seed(1) != alternating.game_seed(2)
    records = run(Spec("cribbage", 2, ("greedy",), 4, seed=1, duplicate=True))
    assert len({json.dumps(r, sort_keys=True) for r in records}) == 4


def test_rates_are_shares_of_seats_and_of_losers() -> None:
    """Four players, two bots in two seats each: each bot's rate is its winning seats over its
    seats, each seat's over the games, and skunks are shares of the losing seats (never above 1)."""
    spec = Spec("cribbage", 4, ("greedy", "random"), 8, seed=2, duplicate=True, options={"target": 61})
    records = run(spec)
    summary = summarise(spec, records)
    for name, bot in summary["by_bot"].items():
        seats = [(r, s) for r in records for s, b in enumerate(r["bots"]) if b == name]
        won = sum(r["ranks"][s] == 1 for r, s in seats)
        assert bot["win_rate"]["n"] == len(seats) == 16
        assert bot["win_rate"]["mean"] == pytest.approx(won / len(seats))
    for seat, share in enumerate(summary["by_seat"]):
        assert share["mean"] == pytest.approx(sum(r["ranks"][seat] == 1 for r in records) / len(records))
    losers = [(r, s) for r in records for s in range(4) if r["ranks"][s] != 1]
    for kind, skunked in summary["skunk_rate"].items():
        assert skunked == pytest.approx(sum(r["skunks"][s] == kind for r, s in losers) / len(losers))
        assert 0 <= skunked <= 1


def test_each_game_gets_its_own_summary_and_a_tie_is_a_shared_win() -> None:
    """Issue 58: Squares printed cribbage's summary (points per deal 0.00, a score change per deal of
    +553, skunks) and both seats won 100% when the grids tied."""
    squares = Spec("squares", 2, ("expected",), 10, seed=1)  # one bot in both seats: equal grids
    summary = summarise(squares, run(squares))
    assert summary["tie_rate"] == 1.0
    assert [seat["mean"] for seat in summary["by_seat"]] == [0.5, 0.5]
    assert summary["by_bot"]["expected"]["win_rate"]["mean"] == 0.5
    assert set(summary["by_bot"]["expected"]) == {"win_rate", "final_score"}
    assert "deals_per_game" not in summary and "skunk_rate" not in summary
    cribbage = Spec("cribbage", 2, ("greedy", "random"), 6, seed=1)
    summary = summarise(cribbage, run(cribbage))
    assert summary["tie_rate"] == 0.0 and sum(seat["mean"] for seat in summary["by_seat"]) == 1.0
    assert {"points_per_deal", "score_change_per_deal"} <= set(summary["by_bot"]["greedy"])
    assert "deals_per_game" in summary and "skunk_rate" in summary


FLAGS = ("skip_empty", "skip_pass", "skip_only_move", "pre_show", "post_show")


@pytest.mark.parametrize("flags", range(32))
def test_random_bots_record_the_same_games_on_the_quick_path(flags: int) -> None:
    """Random bots alone play on the game's quick path: every record (moves, result, each deal's
    points by seat and role) is the one the engine's loop makes, under each setting of the
    automatic moves and pauses, with short targets (every kind of score wins some games),
    random and rotating dealers, and both values of his heels."""
    table = {flag: bool(flags >> i & 1) for i, flag in enumerate(FLAGS)}
    for target in (31, 121):
        dealer_rule = "random" if flags % 3 == 0 else "rotate"
        options = {**table, "target": target, "heels": 1 + flags % 2, "dealer_rule": dealer_rule}
        spec = Spec("cribbage", 2, ("random",), 6, seed=flags, duplicate=True, options=options)
        for number in range(spec.games):
            assert play(spec, number) == play(spec, number, quick=False), (options, number)


def test_random_bots_record_the_same_games_in_the_compiled_loop() -> None:
    """Random bots alone in a game or position the quick path does not take play in the compiled
    loop (``rollout.play_as_random_bots``), and a random bot beside another bot in this loop: the
    records are those of the loop, in every registered game."""
    for spec in (
        Spec("cribbage", 2, ("random", "greedy"), 2, seed=3),
        Spec("cribbage", 3, ("random",), 2, seed=3),
        Spec("cribbage", 4, ("random",), 2, seed=3, options={"partnerships": True}),
        Spec("cribbage", 2, ("random",), 2, seed=3, options={"counting": "manual", "muggins": True}),
        Spec("cribbage", 2, ("random",), 2, seed=3, options={"match": 3}),
        Spec("cribbage", 2, ("random",), 2, seed=3, options={"variant": "five-card"}),
        Spec("cribist", 4, ("random",), 2, seed=3),
        Spec("skalborg", 3, ("random",), 2, seed=3),
        Spec("squares", 2, ("random",), 2, seed=3),
    ):
        for number in range(spec.games):
            assert play(spec, number) == play(spec, number, quick=False)


def test_games_are_played_with_rarer_young_collections_and_the_thresholds_come_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def watched(spec: Spec, number: int) -> dict[str, Any]:
        seen.append(gc.get_threshold())
        return play(spec, number)

    monkeypatch.setattr(simulate, "play", watched)
    assert len(run(Spec("cribbage", 2, ("random",), 3, seed=1))) == 3
    assert seen == [(max(before[0], simulate.YOUNG_COLLECTIONS), *before[1:])] * 3
    assert gc.get_threshold() == before


def test_thresholds_set_by_someone_else_meanwhile_are_kept() -> None:
    before = gc.get_threshold()
    try:
        with rarer_young_collections(50_000):
            gc.set_threshold(1234, before[1], before[2])  # as the server's heap policy might
        assert gc.get_threshold() == (1234, *before[1:])
    finally:
        gc.set_threshold(*before)


def test_a_record_whose_deals_name_other_seats_is_refused_and_counts_nothing() -> None:
    """A record read back (a checkpoint's, say) whose deal points name more seats than it has
    is an error that names the mismatch, and the tally is left as it was."""
    spec = Spec("cribbage", 2, ("random",), 1, seed=3)
    record = play(spec, 0)
    record["deal_points"] = [*record["deal_points"], [1, 2, 3]]
    tally = Tally(spec)
    before = tally.summary()
    with pytest.raises(ValueError, match="3 seats, not 2"):
        tally.add(record)
    assert tally.summary() == before
