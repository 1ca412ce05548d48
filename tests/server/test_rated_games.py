"""Issue 33, item 7: a game counts for ratings only when every person in it has played (2 moves of
their own); sitting down and leaving wins nobody rating points."""

from __future__ import annotations

import asyncio
from pathlib import Path

from muggins.server.manager import Tables
from muggins.server.store import User
from tests.server.test_finish import duel, process


async def _duel(tables: Tables, member: User, guest_name: str, moves_each: int) -> User:
    """``member`` and a fresh guest sit down; each makes ``moves_each`` moves, then the guest leaves."""
    guest = await tables.store.create_guest(guest_name)
    table = await duel(tables, member)
    await table.sit(guest, 1)
    users = {0: member, 1: guest}
    game = table.game
    assert game is not None
    made = {0: 0, 1: 0}
    while min(made.values()) < moves_each:
        seat = min((s for s in game.to_move if made[s] < moves_each), default=min(game.to_move))
        await table.move(users[seat], str(game.legal_moves(seat)[0]), game.state_id)
        made[seat] += 1
    await table.leave(guest)
    assert game.is_over and game.result is not None and game.result.winners == (0,)
    return guest


def test_a_game_left_before_both_played_leaves_the_ratings_alone(tmp_path: Path) -> None:
    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            member = await tables.store.create_user("ann", "member", login="ann", password_hash="h")
            await _duel(tables, member, "farm1", moves_each=0)
            await _duel(tables, member, "farm2", moves_each=1)
            assert await tables.store.ratings([member.id]) == []  # two wins, neither rated
            guest = await _duel(tables, member, "real", moves_each=2)
            rated = await tables.store.ratings([member.id, guest.id])
            assert {r.user_id: r.games for r in rated} == {member.id: 1, guest.id: 1}

    asyncio.run(run())
