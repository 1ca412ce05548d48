"""The compiled rollout path: every registered game, at every seat count, is played to its end by
uniformly random legal moves, the moves it counts are the game's record, and the record replays to
the same result; each move is the one the generator's draw picks from the legal moves in order."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from muggins.games.registry import game_class, game_names, load_game, new_game
from muggins.games.rollout import play_out

CASES = [
    (name, players)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_every_game_is_played_to_its_end(name: str, players: int) -> None:
    game = new_game(name, players=players, seed=players)
    moves = play_out(game, random.Random(players))
    assert game.result is not None and len(game.result.ranks) == players
    record = game.record()
    assert moves == len(record["moves"])
    replayed = load_game(record)
    assert replayed.result is not None and replayed.result.ranks == game.result.ranks


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_a_legal_move_made_unchecked_changes_the_game_as_apply_does(name: str, players: int) -> None:
    """``make_legal`` (the rollouts' path, which skips ``apply``'s checks for a move taken from the
    legal moves) leaves the game as ``apply`` does after every move of a random game: the same
    events, the same views for every seat and the same record."""
    checked, unchecked = new_game(name, players=players, seed=9), new_game(name, players=players, seed=9)
    rng = random.Random(players)
    while checked.result is None:
        seat = min(checked.to_move)
        move = rng.choice(checked.legal_moves(seat))
        made = len(unchecked.events)
        events = checked.apply(seat, move)
        unchecked.make_legal(seat, move)
        assert unchecked.events[made:] == events
        assert all(unchecked.view(s) == checked.view(s) for s in range(players))
    assert unchecked.result == checked.result
    assert unchecked.record() == checked.record()


class Scripted(random.Random):
    """A generator whose draws are given: to see which legal move each draw picks."""

    def __init__(self, draws: list[float]) -> None:
        super().__init__(0)
        self.draws = draws
        self.made = 0

    def random(self) -> float:
        self.made += 1
        return self.draws[(self.made - 1) % len(self.draws)]


def test_each_draw_picks_its_share_of_the_legal_moves() -> None:
    """A draw in [k/n, (k+1)/n) picks the k-th of n legal moves: here the first and the last of the
    lowest seat's moves, alternately, from one seeded deal."""
    ends = [0.0, 0.999_999]
    game, expected = new_game("cribbage", players=2, seed=5), new_game("cribbage", players=2, seed=5)
    moves = play_out(game, Scripted(ends))
    for number in range(moves):
        seat = min(expected.to_move)
        legal = expected.legal_moves(seat)
        expected.apply(seat, legal[0] if number % 2 == 0 else legal[-1])
    assert game.record()["moves"] == expected.record()["moves"]


def test_the_first_move_is_drawn_uniformly() -> None:
    """Over 6,000 rollouts from the same deal, each of the 15 first throws comes up 400 times on
    average; none strays past 6 standard deviations (about 115)."""
    first: Counter[str] = Counter()
    rng = random.Random(11)
    for _ in range(6000):
        game = new_game("cribbage", players=2, seed=3, target=5)
        play_out(game, rng)
        first[str(game.record()["moves"][0][1])] += 1
    assert len(first) == 15
    assert all(abs(count - 400) < 115 for count in first.values()), first
