"""Match play for every game that has none of its own (docs/rules/match.md): best of an odd number
of games at one table, under the protocol's conformance checks, scored by games won outright."""

from __future__ import annotations

import random

import pytest

from muggins.cards.deck import standard_pack
from muggins.games.base import Game
from muggins.games.errors import IllegalMoveError, OptionError
from muggins.games.match import GameOfMatch, Match
from muggins.games.registry import game_class, game_names, new_game, options_model, plays_own_match
from tests.games.conformance import check_random_game

WRAPPED = [name for name in game_names() if not plays_own_match(game_class(name))]
CASES = [
    (name, players)
    for name in WRAPPED
    for players in range(max(2, game_class(name).min_players), game_class(name).max_players + 1)
]


def test_every_game_but_cribbage_is_played_as_a_match_by_the_registry() -> None:
    assert WRAPPED and "cribbage" not in WRAPPED  # cribbage's match has its own rules (skunks)
    assert type(new_game("cribbage", players=2, seed=1, match=3)) is game_class("cribbage")
    for name in WRAPPED:
        assert options_model(name).presets["match"].options == {"match": 3}
        assert options_model(name)().match == 1  # type: ignore[attr-defined]
        assert type(new_game(name, players=game_class(name).max_players, seed=1, match=1)) is game_class(name)
        assert isinstance(new_game(name, players=game_class(name).max_players, seed=1, match=3), Match)


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_a_match_conforms_to_the_protocol(name: str, players: int) -> None:
    game = check_random_game(lambda seed: new_game(name, players=players, seed=seed, match=3), seed=players)
    assert isinstance(game, Match) and game.result is not None
    check_scored(game)


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_a_match_with_players_leaving_conforms(name: str, players: int) -> None:
    for seed in range(3):
        game = check_random_game(
            lambda seed: new_game(name, players=players, seed=seed, match=5),
            seed=seed,
            deep=False,
            leave_rate=0.002,
        )
        assert isinstance(game, Match) and game.result is not None
        if game.left:  # who left ranks below everyone still playing
            staying = [seat for seat in range(players) if seat not in game.left]
            assert all(
                game.result.ranks[gone] > game.result.ranks[seat] for gone in game.left for seat in staying
            )


def check_scored(match: Match) -> None:
    """The match's points are the games each side won outright, and it ended when it had to."""
    played = [event for event in match.events if isinstance(event, GameOfMatch)]
    assert [event.number for event in played] == list(range(1, len(played) + 1))
    points = [0] * match.players
    for event in played:
        winners = event.result["winners"]
        sides = {tuple(side) for side in match.sides if set(side) & set(winners)}
        if len(sides) == 1:
            for seat in winners:
                points[seat] += 1
        assert list(event.points) == points
    assert match.result is not None and list(match.result.match_points) == points
    needed = match.games // 2 + 1
    if not match.left:
        assert max(points) >= needed or len(played) == match.games
        assert all(max(event.points) < needed for event in played[:-1]), "played on after a side won"
        best = max(points)
        assert [rank == 1 for rank in match.result.ranks] == [p == best for p in points]


@pytest.mark.parametrize("name", WRAPPED)
def test_many_matches_score_by_games_won(name: str) -> None:
    players = max(2, game_class(name).min_players)
    for seed in range(6):
        match = new_game(name, players=players, seed=seed, match=3)
        rng = random.Random(seed)
        while not match.is_over:
            seat = min(match.to_move)
            match.apply(seat, rng.choice(match.legal_moves(seat)))
        assert isinstance(match, Match) and match.result is not None
        check_scored(match)
        view = match.view(0)
        assert view["match"]["games"] == 3 and view["match"]["points"] == list(match.result.match_points)
        assert view["result"] == match.result.to_dict() and view["state_id"] == len(match.moves)


@pytest.mark.parametrize("name", WRAPPED)
def test_resigning_concedes_the_match(name: str) -> None:
    players = max(2, game_class(name).min_players)
    match = new_game(name, players=players, seed=5, match=3)
    events = match.apply(0, "resign")
    assert match.result is not None and match.is_over
    assert match.result.ranks[0] == players and 0 in match.resigned
    assert events[-1].type == "game_over"
    assert sum(1 for event in match.events if event.type == "game_over") == 1


@pytest.mark.parametrize("name", WRAPPED)
def test_a_rejected_move_changes_nothing_and_says_why(name: str) -> None:
    match = new_game(name, players=max(2, game_class(name).min_players), seed=2, match=3)
    rng = random.Random(2)
    while len(match.to_move) == match.players:  # all discarding at once: on until one is to wait
        seat = min(match.to_move)
        match.apply(seat, rng.choice(match.legal_moves(seat)))
    seat = min(match.to_move)
    other = next(s for s in range(match.players) if s not in match.to_move)
    before = match.record()
    with pytest.raises(IllegalMoveError, match=rf"player {other}\b"):
        match.apply(other, match.legal_moves(seat)[0])
    assert match.record() == before


def test_bad_match_options_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="odd number of games, not 2"):
        new_game("skalborg", players=2, match=2)
    with pytest.raises(OptionError, match="match"):
        new_game("skalborg", players=2, match=101)
    with pytest.raises(OptionError, match="two sides"):
        new_game("squares", players=1, match=3)
    with pytest.raises(OptionError, match="not by time"):
        new_game("cribist", players=4, match=3, end="time")


def test_the_games_of_a_match_are_dealt_differently_and_replay() -> None:
    match = new_game("squares", players=2, seed=11, match=3)
    assert isinstance(match, Match)
    rng = random.Random(1)
    firsts: list[Game] = []
    while not match.is_over:
        if match.current not in firsts:
            firsts.append(match.current)
        seat = min(match.to_move)
        match.apply(seat, rng.choice(match.legal_moves(seat)))
    assert len({game.seed for game in firsts}) == len(firsts) >= 2


def test_given_decks_are_used_up_game_after_game() -> None:
    """A given ``deck`` list deals the match's games in turn (Squares turns one deck a game)."""
    packs = [[str(card) for card in standard_pack()] for _ in range(2)]
    random.Random(5).shuffle(packs[0])
    random.Random(6).shuffle(packs[1])
    match = new_game("squares", players=2, seed=3, deck=packs, match=3)
    assert isinstance(match, Match)
    firsts = [match.view(0)["card"]]
    rng = random.Random(3)
    while not match.played:
        seat = min(match.to_move)
        match.apply(seat, rng.choice(match.legal_moves(seat)))
    firsts.append(match.view(0)["card"])
    assert firsts == [packs[0][0], packs[1][0]]
