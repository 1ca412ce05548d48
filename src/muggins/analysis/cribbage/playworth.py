"""Fitting what a kept hand is worth in the play (``strategy.cribbage.playworth``) from self-play.

Each sample is one two-player six-card deal from a fresh game, both seats played by the expert as
shipped, to the end of the play: for each seat, the ranks it kept and its pegging margin (points
pegged in the play, the go and the last card included, less the other's; his heels is left out,
as no discard changes it). The margin is fitted, for the dealer and for the pone apart, by least
squares as a sum over the six pairs of kept ranks, with a small ridge so that rare pairs of ranks
stay near zero. Deals are played in chunks in worker processes; a seed gives the same table for
any number of workers.

``python -m muggins.analysis.cribbage.playworth --deals 300000 --workers 2`` rebuilds the shipped
file.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from multiprocessing import get_context
from pathlib import Path

import numpy as np
import numpy.typing as npt

from muggins.analysis.cribbage.shipped import data_path, write_data
from muggins.analysis.runners import START_METHOD
from muggins.analysis.spec import derive
from muggins.bots.registry import make_bot
from muggins.games.cribbage.game import Cribbage
from muggins.games.events import Scored
from muggins.games.registry import new_game
from muggins.strategy.cribbage.playworth import RANK_PAIRS, WORTH_FILE, PlayWorth, pair_entries

PLAYING = frozenset({"discard", "play"})
RIDGE = 10.0
"""Ridge penalty on each rank pair's number: worth little against hundreds of thousands of deals,
enough to keep a pair seen a few hundred times from fitting its noise."""
CHUNK = 2000

Sample = tuple[list[int], int, list[int], int]
"""(dealer's kept ranks, dealer's pegging margin, pone's kept ranks, pone's margin)."""


def play_deal(seed: int) -> Sample:
    """One deal of a fresh two-player game between experts, to the end of the play."""
    game = new_game("cribbage", players=2, seed=seed)
    assert isinstance(game, Cribbage)
    bots = [make_bot("cribbage", "expert", derive(seed, "bot", seat)) for seat in range(2)]
    pegged = [0, 0]
    while game.phase in PLAYING:
        player = game.lowest_to_move()
        legal = game.legal_moves(player)
        move = legal[0] if len(legal) == 1 else bots[player].choose(game.view(player))
        for event in game.apply(player, move):
            if isinstance(event, Scored) and event.reason == "pegging":
                pegged[event.player] += event.points
    dealer = game.dealer
    kept = [sorted(card.rank for card in game.kept[seat]) for seat in range(2)]
    pone = 1 - dealer
    margin = pegged[dealer] - pegged[pone]
    return kept[dealer], margin, kept[pone], -margin


def _chunk(job: tuple[int, int, int]) -> list[Sample]:
    seed, start, end = job
    return [play_deal(derive(seed, "deal", number)) for number in range(start, end)]


def sample(deals: int, seed: int, workers: int = 1, chunk: int = CHUNK) -> list[Sample]:
    """``deals`` deals of expert self-play, in deal order whatever the number of workers."""
    jobs = [(seed, start, min(deals, start + chunk)) for start in range(0, deals, chunk)]
    if workers <= 1:
        parts = [_chunk(job) for job in jobs]
    else:
        with get_context(START_METHOD).Pool(workers) as pool:
            parts = pool.map(_chunk, jobs)
    return [s for part in parts for s in part]


def design(hands: Sequence[Sequence[int]]) -> npt.NDArray[np.float64]:
    """One row per kept hand: how many of its pairs of cards are each pair of ranks."""
    rows = np.zeros((len(hands), RANK_PAIRS))
    for row, ranks in enumerate(hands):
        for entry in pair_entries(ranks):
            rows[row, entry] += 1
    return rows


def fit(hands: Sequence[Sequence[int]], margins: Sequence[float], ridge: float = RIDGE) -> list[float]:
    """Each rank pair's number, so that a hand's pairs sum to its expected margin (ridge regression)."""
    x = design(hands)
    y = np.asarray(margins, dtype=np.float64)
    weights = np.linalg.solve(x.T @ x + ridge * np.eye(RANK_PAIRS), x.T @ y)
    return [round(float(w), 4) for w in weights]


def build(deals: int, seed: int, workers: int = 1) -> PlayWorth:
    """Play ``deals`` deals and fit the dealer's and the pone's worth from them."""
    samples = sample(deals, seed, workers)
    dealer = fit([s[0] for s in samples], [s[1] for s in samples])
    pone = fit([s[2] for s in samples], [s[3] for s in samples])
    meta = {
        "method": "ridge regression of the pegging margin on kept rank pairs, expert self-play",
        "deals": deals,
        "seed": seed,
        "ridge": RIDGE,
        "dealer_margin": round(float(np.mean([s[1] for s in samples])), 4) if samples else 0.0,
    }
    return PlayWorth(tuple(dealer), tuple(pone), meta)


def default_path() -> Path:
    return data_path(WORTH_FILE)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild the shipped play worth of kept hands.")
    parser.add_argument("--deals", type=int, default=300_000, help="deals of expert self-play")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=default_path())
    args = parser.parse_args(argv)
    write_data(args.out, build(args.deals, args.seed, args.workers).to_json())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
