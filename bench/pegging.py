"""The expert's pegging against the exact search of the play: how many points each of its choices
gives up, valued as ``strategy.cribbage.search`` values them (the other's every possible holding,
each searched to the end of the play with every card known), over whole expert self-play games.

Runnable on its own (``python bench/pegging.py [GAMES] [BOT]``, which also prints the losses by how
many cards the other held) or through ``python -m bench pegging``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.figures import Figure, figure
from muggins import new_game
from muggins.bots.registry import make_bot
from muggins.games.moves import Play
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.search import searched_values

SEED = 2026
GAMES = 12


def losses(
    games: int, seed: int = SEED, bot: str = "expert", by_other: dict[int, list[float]] | None = None
) -> tuple[list[float], float]:
    """The points each play decision of ``bot`` (in both seats of its self-play games) gave up
    against the search, where the seat had two ranks or more to choose from; and the CPU seconds
    the search took in all. ``by_other``, if given, gets the same losses by how many cards the
    other player held."""
    lost: list[float] = []
    searching = 0.0
    for game_number in range(games):
        game = new_game("cribbage", players=2, seed=seed + game_number)
        players = [make_bot("cribbage", bot, seed + 2 * game_number + s) for s in (0, 1)]
        while not game.is_over:
            seat = min(game.to_move)
            view = game.view(seat)
            move = players[seat].choose(view)
            if view["phase"] == "play" and isinstance(move, Play):
                known = read(view)
                start = time.process_time()
                values = searched_values(known)
                searching += time.process_time() - start
                if len(values) > 1:
                    lost.append(max(values.values()) - values[move.card.rank])
                    if by_other is not None:
                        by_other.setdefault(known.hand_sizes[1 - seat], []).append(lost[-1])
            game.apply(seat, move)
    return lost, searching


def bench_pegging_loss() -> Figure:
    """The expert's mean loss a play decision against the search, and the worst."""
    lost, searching = losses(GAMES)
    return figure(
        "pegging_loss_per_decision",
        round(sum(lost) / len(lost), 4),
        "points",
        "<=0.02",
        decisions=len(lost),
        worst=round(max(lost), 3),
        one_point_or_more=sum(loss >= 1 for loss in lost),
        games=GAMES,
        search_s_per_decision=round(searching / len(lost), 4),
        note="expert self-play, two players, six-card; each choice valued by the search",
    )


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    stages: dict[int, list[float]] = {}
    found, seconds = losses(games, bot=sys.argv[2] if len(sys.argv) > 2 else "expert", by_other=stages)
    print(len(found), sum(found) / len(found), max(found), sum(x >= 1 for x in found), seconds / len(found))
    for held, lost in sorted(stages.items()):
        print(f"the other holding {held}: {len(lost)} decisions, {sum(lost) / len(lost):.3f} lost a decision")
