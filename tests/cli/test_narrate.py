"""Every event of every game is told in words (``muggins.games.words``), to each seat and to a
spectator, with no raw field dump; "you" agrees with its verb; a shared event reads alike in each
game."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from muggins.cards import parse_cards
from muggins.cli.narrate import describe
from muggins.games.registry import game_class, game_names, new_game
from muggins.games.skalborg.events import Shown
from muggins.scoring.skalborg.hand import score_skalborg

MOVES = 3000
"""Enough random moves for every kind of event (random Skalborg players may trade chips forever)."""

FORMS: dict[str, list[dict[str, Any]]] = {
    "cribbage": [{"players": 2, "counting": "manual", "muggins": True}, {"players": 3}],
    "skalborg": [{"players": 3, "counting": "manual", "starting_stack": 10}, {"players": 2}],
    "cribist": [{"players": 4, "deals": 1, "counting": "manual"}, {"players": 4, "deals": 1}],
}
SILENT = frozenset({"phase", "muggins_closed"})
"""Events that are never worth a line (the table shows them); ``dealt`` is silent for other seats."""
YOU_AGREE = re.compile(r"\byou (\w+s)\b")
"""A verb after "you" ending in s: "you pegs" (allowed: "you across", none so far)."""


@pytest.mark.parametrize("name", game_names())
def test_every_event_is_told_in_words(name: str) -> None:
    told: set[str] = set()
    cls = game_class(name)
    forms = FORMS.get(name, [{"players": cls.min_players}, {"players": cls.max_players}])
    for seed, form in enumerate(forms * 2):
        game = new_game(name, seed=seed, **form)
        rng = random.Random(seed)
        for _ in range(MOVES):
            if game.is_over:
                break
            player = min(game.to_move)
            game.apply(player, rng.choice(game.legal_moves(player)))
        for event in game.events:
            for viewer in (*range(game.players), None):
                line = describe(name, event, viewer)
                if event.type in SILENT or (
                    event.type == "dealt" and viewer != getattr(event, "player", None)
                ):
                    assert line is None, (event, line)
                    continue
                if line is None and event.secret and viewer != getattr(event, "player", None):
                    continue  # a secret move (a Squares placing) may say nothing to those it hides from
                assert line, (event, viewer)
                assert not line.startswith(f"{event.type}:"), f"told as raw fields: {line}"
                assert "None" not in line and "{" not in line, line
                assert not YOU_AGREE.search(line), f"'you' disagrees with its verb: {line}"
                told.add(event.type)
    assert {"scored" if name != "skalborg" else "pot", "game_over"} <= told
    assert name == "squares" or {"dealt", "new_hand"} <= told, "a game of deals tells them"


def test_a_skalborg_showdown_is_itemised_with_what_the_joker_counted_as() -> None:
    """Issue 58: the showdown gave a total with no breakdown and no word on the joker."""
    hand, board = parse_cards("4C 6H 9S JKB"), parse_cards("8C JH QC 6C")
    score = score_skalborg(hand, board)
    line = describe("skalborg", Shown(1, tuple(hand), score, score.total), 0)
    assert line is not None
    lines = line.splitlines()
    assert lines[0].startswith("player 1 shows") and lines[0].endswith(f": {score.total}")
    assert len(lines) == 1 + len(score.items)
    assert any("run" in ln and "(the joker as a 10)" in ln for ln in lines), line
    assert any("flush" in ln and "(the joker as a club)" in ln for ln in lines), line
    assert all("joker" not in ln for ln in lines[1:] if "fifteen" in ln or "pair" in ln)


def test_a_show_is_itemised_once_under_its_total_and_not_again_when_pegged() -> None:
    game = new_game("cribbage", players=2, seed=7)
    rng = random.Random(7)
    while not game.is_over:
        player = min(game.to_move)
        game.apply(player, rng.choice(game.legal_moves(player)))
    shows = [event.to_dict() for event in game.events if event.type == "shown"]
    assert any(len(show["score"]["items"]) > 1 for show in shows)
    for event in game.events:
        told = describe("cribbage", event, None)
        if event.type == "shown":
            assert told is not None and len(told.splitlines()) == 1 + len(event.to_dict()["score"]["items"])
        elif event.type == "scored" and event.to_dict()["reason"] in ("hand", "crib"):
            assert told is not None and "\n" not in told, told
