"""A match at a table (docs/rules/match.md): two members play a best-of-3 Squares match through the
table as any game; the table stores one game whose record replays as the match, its result is the
match's, and a rated match is rated once."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from muggins.games.match import Match
from muggins.games.registry import load_game
from muggins.server import messages
from muggins.server.tables.manager import Tables
from tests.server.people import members
from tests.server.tables.test_finish import process


async def _match(tables: Tables) -> tuple[int, list[int]]:
    """Ann and Bea play a rated best-of-3 Squares match at one table, Bea resigning four moves into
    its second game; returns the stored game's id and the users' ids."""
    ann, bea = await members(tables.store, "ann", "bea")
    made = await tables.create(
        ann,
        game="squares",
        players=2,
        options={"match": 3},
        time_controls=messages.TimeControls(),
        hints=False,
        private=False,
        bots={},
        seat=0,
    )
    table = tables.tables[made.id]
    await table.sit(bea, 1)
    users = {0: ann, 1: bea}
    game = table.game
    assert isinstance(game, Match)
    rng = random.Random(5)
    while not game.played or game.current.state_id < 4:
        seat = min(game.to_move)
        await table.move(users[seat], str(rng.choice(game.legal_moves(seat))), game.state_id)
    await table.move(bea, "resign", game.state_id)
    assert game.is_over and table.game_id is not None
    return table.game_id, [ann.id, bea.id]


def test_a_match_is_one_stored_game_with_the_matchs_result_rated_once(tmp_path: Path) -> None:
    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            game_id, users = await _match(tables)
            stored = await tables.store.game(game_id)
            assert stored is not None and stored.result is not None
            assert stored.header["options"]["match"] == 3
            replayed = load_game(stored.record())
            assert isinstance(replayed, Match) and replayed.result is not None
            assert len(replayed.played) == 2  # the first game, and the second conceded
            assert stored.result["ranks"] == [1, 2] and stored.result["match_points"] == list(
                replayed.result.match_points
            )
            assert "resigned" in stored.result["reason"]
            rated = await tables.store.ratings(users)
            assert {r.user_id: r.games for r in rated} == {users[0]: 1, users[1]: 1}  # once, not per game

    asyncio.run(run())
