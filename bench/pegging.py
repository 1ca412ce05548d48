"""The expert's pegging against the exact searches of the play: how much each of its choices gives
up, valued as a search values them (the other's every possible holding, weighed by what their
discards reveal, searched to the end of the play), over whole expert self-play games. Each decision
is valued twice: by the search with every card known (each holding searched alone,
``search.searched_values``) and by the search from what the seat knows (the holdings searched
together, the other laying by a model, ``search.countered_values``); near the end of the game
(either side within ``pegging.NEAR`` of 121) in chances to win the game (the race:
``search.raced_values``, and ``countered_values`` given the win chances), elsewhere in points, the
seat's less the other's.

Runnable on its own (``python bench/pegging.py [GAMES] [BOT]``, which also prints the losses by how
many cards the other held) or through ``python -m bench pegging``.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.figures import Figure, figure
from bench.strength import register_bots
from muggins import new_game
from muggins.bots.cribbage.pegging import ExpertPegger, near_the_end
from muggins.bots.registry import make_bot
from muggins.games.moves import Play
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.search import countered_values, raced_values, searched_values
from muggins.strategy.cribbage.winchance import shipped_win_chance

SEED = 2026
GAMES = 12


@dataclass
class Losses:
    """What each play decision gave up against the search, where the seat had two ranks or more to
    choose from, by how many cards the other held: in points, and near the end in chances to win."""

    points: dict[int, list[float]] = field(default_factory=dict)
    known: dict[int, list[float]] = field(default_factory=dict)
    """Against the search from what the seat knows."""
    race: dict[int, list[float]] = field(default_factory=dict)
    known_race: dict[int, list[float]] = field(default_factory=dict)
    """Near the end, against the race searched from what the seat knows."""
    searching: float = 0.0
    """CPU seconds the valuing searches took."""

    @staticmethod
    def every(by_other: dict[int, list[float]]) -> list[float]:
        return [loss for lost in by_other.values() for loss in lost]


def losses(games: int, seed: int = SEED, bot: str = "expert") -> Losses:
    """The losses of ``bot``'s play decisions, in both seats of its self-play games."""
    register_bots()
    model = ExpertPegger(shipped_tables())  # the discard model the holdings are weighed by
    win = shipped_win_chance()
    found = Losses()
    for game_number in range(games):
        game = new_game("cribbage", players=2, seed=seed + game_number)
        players = [make_bot("cribbage", bot, seed + 2 * game_number + s) for s in (0, 1)]
        while not game.is_over:
            seat = min(game.to_move)
            view = game.view(seat)
            move = players[seat].choose(view)
            if view["phase"] == "play" and isinstance(move, Play):
                known = read(view)
                other = known.hand_sizes[1 - seat]
                kept = model.kept(known, 1 - seat)
                start = time.process_time()
                raced = near_the_end(known)
                values = raced_values(known, win, kept=kept) if raced else searched_values(known, kept=kept)
                found.searching += time.process_time() - start
                if len(values) > 1:
                    lost = max(values.values()) - values[move.card.rank]
                    (found.race if raced else found.points).setdefault(other, []).append(lost)
                    values = countered_values(known, kept, win=win if raced else None)
                    lost = max(values.values()) - values[move.card.rank]
                    (found.known_race if raced else found.known).setdefault(other, []).append(lost)
            game.apply(seat, move)
    return found


def bench_pegging_loss() -> Figure:
    """The expert's mean loss a play decision against the search, and the worst."""
    found = losses(GAMES)
    lost, raced, known = Losses.every(found.points), Losses.every(found.race), Losses.every(found.known)
    known_raced = Losses.every(found.known_race)
    return figure(
        "pegging_loss_per_decision",
        round(sum(lost) / len(lost), 4),
        "points",
        "<=0.02",
        decisions=len(lost),
        worst=round(max(lost), 3),
        one_point_or_more=sum(loss >= 1 for loss in lost),
        known_loss_per_decision=round(sum(known) / len(known), 4),
        known_worst=round(max(known), 3),
        known_one_point_or_more=sum(loss >= 1 for loss in known),
        race_decisions=len(raced),
        race_loss_per_decision=round(sum(raced) / max(1, len(raced)), 5),
        known_race_loss_per_decision=round(sum(known_raced) / max(1, len(known_raced)), 5),
        games=GAMES,
        search_s_per_decision=round(found.searching / (len(lost) + len(raced)), 4),
        note="expert self-play, two players, six-card; each choice valued by the weighed search with "
        "every card known, and from what the seat knows (known_*); near the end by the race, in "
        "chances to win (race_loss_per_decision, and from what the seat knows known_race_*)",
    )


def _report(name: str, by_other: dict[int, list[float]]) -> None:
    lost = Losses.every(by_other)
    mean = sum(lost) / max(1, len(lost))
    print(f"{name}: {len(lost)} decisions, {mean:.4f} lost a decision, worst {max(lost, default=0):.3f}, "
          f"{sum(loss >= 1 for loss in lost)} of 1 or more")  # fmt: skip
    for held, stage in sorted(by_other.items()):
        mean = sum(stage) / len(stage)
        print(f"  the other holding {held}: {len(stage)} decisions, {mean:.4f} lost a decision")


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    result = losses(games, bot=sys.argv[2] if len(sys.argv) > 2 else "expert")
    _report("points, every card known", result.points)
    _report("points, from what the seat knows", result.known)
    _report("race (chances to win), every card known", result.race)
    _report("race (chances to win), from what the seat knows", result.known_race)
