"""Skalborg bots: legal moves from views alone (never the game), full counts, and the expert's edge."""

from __future__ import annotations

import json
from typing import Any

import pytest

from muggins.analysis.skalborg.duel import duel
from muggins.bots.levels import LEVEL_NAMES
from muggins.bots.registry import bot_names, make_bot
from muggins.bots.skalborg.roster import BOTS
from muggins.cards import parse_cards
from muggins.games.base import Game
from muggins.games.registry import new_game
from muggins.scoring.skalborg.hand import score_skalborg


def run_on_views(game: Game, names: list[str], seed: int = 0) -> None:
    """The generic loop, handing each bot a JSON copy of its seat's view and nothing else."""
    bots = [make_bot("skalborg", name, seed + seat) for seat, name in enumerate(names)]
    while not game.is_over:
        for seat in sorted(game.to_move):
            if seat in game.to_move:
                view: dict[str, Any] = json.loads(json.dumps(game.view(seat)))
                move = bots[seat].choose(view)
                listed = {text.split()[0] for text in view["legal_moves"]}
                assert move.verb in listed or view["phase"] == "count", (move, listed)
                game.apply(seat, move)  # raises if the amount is not allowed


def test_the_registry_lists_the_skalborg_bots() -> None:
    assert bot_names("skalborg") == ["random", *BOTS]
    assert set(BOTS) == {"station", "greedy", "expert"} | LEVEL_NAMES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_finish_games_from_views(players: int) -> None:
    names = ["expert", "greedy", "station", "random"][:players]
    game = new_game("skalborg", players=players, seed=players, starting_stack=30, max_hands=12)
    run_on_views(game, names)
    assert game.result is not None and sum(game.scores) == 30 * players


def test_bots_count_their_whole_showdown_under_manual_counting() -> None:
    game = new_game("skalborg", players=2, seed=5, counting="manual", max_hands=6)
    run_on_views(game, ["station", "station"])
    assert any(e.type == "shown" for e in game.events), "stations always reach the showdown"
    counted = [e.to_dict() for e in game.events if e.type == "counted"]
    judged = [c for c in counted if c["valid"] is not None]
    assert judged and all(c["valid"] for c in judged)


def test_a_bot_cannot_tell_hidden_cards_apart() -> None:
    """Two deals that differ only in the opponent's hand and the pack give seat 0 the same view;
    every bot then makes the same choice, so none of them sees past its view."""
    ours = "5S 5H 3S JKB 6D"
    theirs = ["AC 2D 9S KC 7H", "QC QD 8H 4C 10D"]
    games = []
    for hand in theirs:
        a, b = hand.split(), ours.split()
        deal = [card for pair in zip(a, b, strict=True) for card in pair]
        game = new_game("skalborg", players=2, seed=9, first_dealer=0, deck=deal)
        game.apply(1, f"discard {a[4]}")
        games.append(game)
    for game in games:
        assert game.to_move == {0}
    for phase in ("throw", "preflop"):
        views = [g.view(0) for g in games]
        assert views[0] == views[1]
        for name in ("station", "greedy", "expert"):
            choices = [str(make_bot("skalborg", name, 3).choose(v)) for v in views]
            assert choices[0] == choices[1]
        if phase == "throw":
            for game in games:
                game.apply(0, "discard 6D")


def test_count_claims_are_every_item_of_the_score() -> None:
    game = new_game("skalborg", players=2, seed=11, counting="manual", first_dealer=0, max_hands=1)
    stations = [make_bot("skalborg", "station", s) for s in (0, 1)]
    while game.view(0)["phase"] != "count":
        seat = min(game.to_move)
        game.apply(seat, stations[seat].choose(game.view(seat)))
    expected = {}
    for seat in (0, 1):
        view = game.view(seat)
        expected[seat] = score_skalborg(parse_cards(view["cards"]), parse_cards(view["board"]))
        greedy = make_bot("skalborg", "greedy", seat)
        while seat in game.to_move:
            game.apply(seat, greedy.choose(game.view(seat)))
    for seat in (0, 1):  # judged once both are ready
        claimed = game.view(None)["claims"][str(seat)]
        assert sum(c["points"] for c in claimed) == expected[seat].total
        assert len(claimed) == len(expected[seat].items)


@pytest.mark.parametrize("opponent", ["station", "greedy"])
def test_the_expert_wins_chips_over_duplicate_hands(opponent: str) -> None:
    result = duel("expert", opponent, pairs=30, seed=1)
    assert result.mean > 0, result.to_dict()
