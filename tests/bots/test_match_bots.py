"""Every bot of every game plays a match of it (docs/rules/match.md) from the views alone, against
random play (two copies of a bot that never guesses would tie every game of Squares): the next
game's first view follows the last game's end, and the bots play it as any other."""

from __future__ import annotations

import pytest

from muggins.bots.levels import LADDER, LEVEL_NAMES
from muggins.bots.registry import bot_names, make_bot
from muggins.games.match import Match
from muggins.games.registry import game_class, game_names, new_game, plays_own_match

CASES = [
    (name, bot)
    for name in game_names()
    if not plays_own_match(game_class(name))
    for bot in bot_names(name)
    if bot not in LEVEL_NAMES or bot == LADDER[0].name  # the levels are the expert blundering: one will do
]


@pytest.mark.parametrize(("name", "bot"), CASES, ids=str)
def test_a_bot_plays_a_match_to_its_end(name: str, bot: str) -> None:
    players = max(2, game_class(name).min_players)
    match = new_game(name, players=players, seed=4, match=3)
    assert isinstance(match, Match)
    bots = [make_bot(name, bot if seat == 0 else "random", seat) for seat in range(players)]
    for _ in range(20_000):
        if match.is_over:
            break
        seat = min(match.to_move)
        move = bots[seat].choose(match.view(seat))
        match.apply(seat, move)
    assert match.result is not None
    assert len(match.played) >= 2 and max(match.result.match_points) >= 1
