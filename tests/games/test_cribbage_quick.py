"""The quick path of two-player six-card cribbage (``Game.finish_randomly``): from any position it
takes, it must end where the engine ends when ``play_out`` plays the same draws (the same scores,
after the same number of moves), and leave the game it started from as it was."""

from __future__ import annotations

import itertools
import random
import sys
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import STANDARD_CARDS, Card
from muggins.games.base import Game
from muggins.games.cribbage import quick
from muggins.games.registry import new_game
from muggins.games.result import Finished
from muggins.games.rollout import play_out
from muggins.scoring.cribbage.pegging import peg, rank_points

FLAGS = ("skip_empty", "skip_pass", "skip_only_move", "pre_show", "post_show")
TABLES = [dict(zip(FLAGS, values, strict=True)) for values in itertools.product((False, True), repeat=5)]


def engine_end(config: dict[str, Any], before: int, seed: int) -> tuple[Game, Finished]:
    """A game made from ``config``, played ``before`` random moves on the engine (fewer if it ends),
    and where the engine then ends it with ``play_out`` from ``seed``'s draws."""
    game = new_game("cribbage", players=2, **config)
    advance(game, before, random.Random(-seed))
    moves = play_out(game, random.Random(seed))
    assert game.result is not None
    return game, Finished(game.result.scores, moves)


def advance(game: Game, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if game.result is not None:
            return
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))


def quick_end(
    config: dict[str, Any], before: int, seed: int, pure: bool = False
) -> tuple[Game, Finished | None]:
    game = new_game("cribbage", players=2, **config)
    advance(game, before, random.Random(-seed))
    return game, quick.finish(cast(quick.Position, game), random.Random(seed), pure=pure)


@pytest.mark.parametrize("pure", [False, True], ids=["c", "python"])
@pytest.mark.parametrize("table", TABLES, ids=lambda t: "-".join(k for k, v in t.items() if v) or "none")
def test_every_table_option_ends_as_the_engine_ends(table: dict[str, bool], pure: bool) -> None:
    """Whole games from the deal, under each of the 32 settings of the automatic moves and pauses,
    with a random first dealer, random dealers after, and both values of his heels: the table in C
    (where it is built) and the Python table it copies."""
    for seed in range(12):
        dealer_rule = "random" if seed % 3 == 0 else "rotate"
        config = {"seed": seed, **table, "heels": 1 + seed % 2, "dealer_rule": dealer_rule}
        _, expected = engine_end(config, 0, seed)
        _, found = quick_end(config, 0, seed, pure)
        assert found == expected, (config, found, expected)


@given(seed=st.integers(0, 2**32), before=st.integers(0, 400), target=st.sampled_from([5, 31, 61, 121]))
def test_from_any_position_it_ends_as_the_engine_ends(seed: int, before: int, target: int) -> None:
    """From positions anywhere in a game (after ``before`` random moves: mid-discard, mid-play with
    gos said, in the pauses around the show), and with short targets so that every kind of score
    (his heels, pegging, the last card, each show) wins some games."""
    config = {"seed": seed, "target": target, "pre_show": seed % 2 == 0}
    _, expected = engine_end(config, before, seed)
    for pure in (False, True):
        _, found = quick_end(config, before, seed, pure)
        assert found == expected, pure


def test_the_draws_are_taken_from_the_generator_given() -> None:
    """The generator given ends where ``play_out`` leaves it, in C as in Python."""
    ends = []
    for pure in (False, True):
        game = new_game("cribbage", players=2, seed=3)
        rng = random.Random(8)
        quick.finish(cast(quick.Position, game), rng, pure=pure)
        ends.append(rng.getstate())
    rng = random.Random(8)
    play_out(new_game("cribbage", players=2, seed=3), rng)
    assert ends == [rng.getstate()] * 2


def engine_played(game: Game, seeds: list[int]) -> tuple[tuple[int, ...], int]:
    """``game`` played to its end by random bots seeded ``seeds``, as a simulation plays them (no
    draw for a seat's only move); the final scores and the moves made."""
    bots = [random.Random(seed) for seed in seeds]
    moves = 0
    while game.result is None:
        seat = min(game.to_move)
        legal = game.legal_moves(seat)
        game.apply(seat, legal[0] if len(legal) == 1 else bots[seat].choice(legal))
        moves += 1
    return game.result.scores, moves


@given(
    seed=st.integers(0, 2**32),
    before=st.integers(0, 400),
    target=st.sampled_from([5, 31, 61, 121]),
    seeds=st.lists(st.integers(0, 2**70), min_size=2, max_size=2),
)
def test_random_bots_end_as_on_the_engine(seed: int, before: int, target: int, seeds: list[int]) -> None:
    """``play_randomly`` from any position: the end and the moves the engine reaches with random
    bots of those seeds, in C and in Python (and in Python for seeds past the C's 64 bits); each
    deal's points add up to what each seat scored from the position, and the game is unchanged."""
    config: dict[str, Any] = {"seed": seed, "target": target, "pre_show": seed % 2 == 0}
    game = new_game("cribbage", players=2, skip_only_move=seed % 3 == 0, **config)
    advance(game, before, random.Random(-seed))
    record, start = game.record(), game.scores
    found = [quick.play_randomly(cast(quick.Position, game), seeds, pure=pure) for pure in (False, True)]
    assert game.record() == record
    if game.result is not None:
        assert found == [None, None]
        return
    assert found[0] == found[1]
    assert found[0] is not None
    scores, moves, ledger = found[0]
    assert (scores, moves) == engine_played(game, seeds)
    for seat in (0, 1):
        scored = sum(points for _, deal in ledger for (who, _), points in deal.items() if who == seat)
        assert scored == scores[seat] - start[seat]


def test_the_c_table_refuses_a_broken_position() -> None:
    if not quick.in_c():
        pytest.skip("built without the C table")
    from muggins.games.cribbage import _quickplay

    state = random.Random(1).getstate()[1]
    numbers = (0, 0, 121, 2, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, -1, 3, 7)
    hand = [0, 5, 9, 13, 20, 30]
    good: tuple[Any, ...] = (numbers, hand, hand, [], [], [], [], state, (1, 2), True, quick.SCORED)
    assert _quickplay.play(*good)[0]
    for broken, message in (
        ((numbers[:-1], *good[1:]), "argument 1"),
        ((numbers, [0, 52], *good[2:]), "a card is a number from 0 to 51"),
        ((numbers, [1] * 7, *good[2:]), "at most 6 cards"),
        ((*good[:6], [14], *good[7:]), "the pile"),
        ((*good[:7], state[:-1], *good[8:]), "625 numbers"),
        ((*good[:8], (1, 2, 3), *good[9:]), "one generator for both seats"),
        ((*good[:8], (-1, 2), *good[9:]), "negative"),
        ((*good[:10], quick.SCORED[:-1]), "the ledger's 8 keys"),
    ):
        with pytest.raises((ValueError, TypeError, OverflowError), match=message):
            _quickplay.play(*broken)


def test_the_c_table_reads_a_generator_in_place_as_its_numbers() -> None:
    """Where the build checked CPython's generator layout (``DIRECT``, every CPython this runs on),
    the C reads the deals' generator and the draws' in place and leaves the draws' where they end:
    the same game, and the same generator afterwards, as through ``getstate``'s numbers."""
    if not quick.in_c():
        pytest.skip("built without the C table")
    from muggins.games.cribbage import _quickplay

    if sys.implementation.name == "cpython":
        assert _quickplay.DIRECT
    if not _quickplay.DIRECT:
        pytest.skip("this Python's generator is read through getstate")
    numbers = (0, 0, 121, 2, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, -1, 3, 7)
    hand = [0, 5, 9, 13, 20, 30]
    for seed in range(5):
        deals, draws = random.Random(seed), random.Random(seed + 100)
        deals.random()  # an index part-way through the words, as a game's generator is
        before = deals.getstate()
        by_numbers = _quickplay.play(
            numbers, hand, hand, [], [], [], [], before[1], (draws.getstate()[1],), False, quick.SCORED
        )
        in_place = _quickplay.play(numbers, hand, hand, [], [], [], [], deals, (draws,), False, quick.SCORED)
        assert in_place[:3] == by_numbers[:3]
        assert deals.getstate() == before  # the deals' generator is read, not drawn from
        assert in_place[3] == (None,) and draws.getstate()[1] == by_numbers[3][0]


def test_a_build_that_cannot_read_generators_in_place_passes_their_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without ``DIRECT`` the table takes ``getstate``'s numbers and gives the states back: the same
    ends and the same generators afterwards."""
    if not quick.in_c():
        pytest.skip("built without the C table")
    from muggins.games.cribbage import _quickplay

    found = []
    for direct in (_quickplay.DIRECT, 0):
        monkeypatch.setattr(_quickplay, "DIRECT", direct)
        game = new_game("cribbage", players=2, seed=5)
        rng = random.Random(9)
        end = quick.finish(cast(quick.Position, game), rng)
        found.append((end, rng.getstate(), quick.play_randomly(cast(quick.Position, game), [3, 4])))
    assert found[0] == found[1]


def test_a_generator_of_another_kind_is_not_read_as_a_twister() -> None:
    """``SystemRandom`` draws from the system, not from the words a ``Random`` keeps: the C table,
    which plays on those words, refuses it as ``getstate`` does rather than read its unused ones."""
    if not quick.in_c():
        pytest.skip("built without the C table")
    game = new_game("cribbage", players=2, seed=5)
    with pytest.raises(NotImplementedError):
        quick.finish(cast(quick.Position, game), random.SystemRandom())


def test_the_game_is_left_as_it_was() -> None:
    game = new_game("cribbage", players=2, seed=4)
    advance(game, 7, random.Random(1))
    record, state, view = game.record(), game.rng.getstate(), game.view(0)
    finished = game.finish_randomly(random.Random(2))
    assert finished is not None and max(finished.scores) >= 121
    assert (game.record(), game.rng.getstate(), game.view(0)) == (record, state, view)
    assert game.result is None


def test_a_finished_game_ends_where_it_ended() -> None:
    game = new_game("cribbage", players=2, seed=9, target=15)
    play_out(game, random.Random(9))
    assert game.result is not None
    assert game.finish_randomly(random.Random(0)) == Finished(game.result.scores, 0)


@pytest.mark.parametrize(
    "config",
    [
        {"players": 3},
        {"players": 4, "partnerships": True},
        {"players": 2, "variant": "five-card"},
        {"players": 2, "variant": "ten-hand"},
        {"players": 2, "counting": "manual"},
        {"players": 2, "match": 3},
        {"players": 2, "deck": [[str(card) for card in STANDARD_CARDS]] * 2},  # a deck still to deal
    ],
    ids=str,
)
def test_what_it_does_not_take_is_left_to_the_engine(config: dict[str, Any]) -> None:
    assert new_game("cribbage", seed=1, **config).finish_randomly(random.Random(1)) is None


def test_a_game_with_a_player_gone_is_left_to_the_engine() -> None:
    game = new_game("cribbage", players=2, seed=1)
    game.apply(1, "leave")
    assert game.finish_randomly(random.Random(1)) == Finished(game.scores, 0)  # over: the other won
    game = new_game("cribbage", players=3, seed=1)
    game.apply(2, "leave")
    assert game.finish_randomly(random.Random(1)) is None


@st.composite
def piles(draw: st.DrawFn) -> list[Card]:
    """Cards laid since a reset: distinct, counting 31 or less."""
    cards = draw(st.permutations(STANDARD_CARDS))
    pile: list[Card] = []
    for card in cards[: draw(st.integers(1, 8))]:
        if sum(c.value for c in pile) + card.value > 31:
            break
        pile.append(card)
    return pile


@given(piles())
def test_pegging_on_ranks_is_the_itemised_count(pile: list[Card]) -> None:
    count = sum(card.value for card in pile)
    assert rank_points([card.rank for card in pile], count) == peg(pile, count).total


@given(st.lists(st.integers(1, 4), min_size=1, max_size=8))
def test_pegging_on_ranks_counts_pairs_and_runs(steps: list[int]) -> None:
    """Piles built to be rich in pairs and runs (ranks a small step apart), over every suit."""
    ranks = [1]
    for step in steps:
        ranks.append((ranks[-1] + step - 1) % 13 + 1)
    seen: dict[int, int] = {}
    pile: list[Card] = []
    for rank in ranks:
        suit = seen.get(rank, 0)
        if suit == 4 or sum(c.value for c in pile) + min(rank, 10) > 31:
            break
        seen[rank] = suit + 1
        pile.append(STANDARD_CARDS[13 * suit + rank - 1])
    count = sum(card.value for card in pile)
    assert rank_points([card.rank for card in pile], count) == peg(pile, count).total
