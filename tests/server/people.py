"""The people of a server test, made in its store."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from muggins.games.registry import new_game
from muggins.server.store import MoveRow, SqlStore, Store, TableRow, User


async def members(store: Store, *names: str) -> list[User]:
    """New members called ``names``, each signing in with their name (no password works)."""
    return [await store.create_user(name, "member", login=name, password_hash="-") for name in names]


async def finished_games(db: Path, players: int, each: int) -> list[int]:
    """``players`` members with ``each`` finished two-player games apiece (real records, played
    out at random); their user ids."""
    store = SqlStore(f"sqlite:///{db}")
    await store.start()
    ids = []
    for p in range(players):
        user = await store.create_user(f"p{p}", "member", login=f"p{p}", password_hash="h")
        ids.append(user.id)
        for n in range(each):
            game = new_game("cribbage", players=2, seed=p * 100 + n, target=31)
            rng = random.Random(n)
            while not game.is_over:
                seat = min(game.to_move)
                game.apply(seat, rng.choice(game.legal_moves(seat)))
            table_id = f"t{p}x{n}"
            row = TableRow(table_id, "cribbage", 2, {}, 20, 60, 30, True, False, "playing", user.id, 0.0, {})
            await store.create_table(row)
            header: dict[str, Any] = {k: v for k, v in game.record().items() if k != "moves"}
            game_id = await store.start_game(table_id, 1, header, [user.id, user.id])
            for ply, (seat, move) in enumerate(game.moves):
                await store.append_move(game_id, MoveRow(ply, seat, str(move), "player", 0.0))
            assert game.result is not None
            await store.finish_game(game_id, game.result.to_dict(), [])
    await store.close()
    return ids
