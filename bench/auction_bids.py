"""Auction cribbage: how much of the crib's worth the expert should bid up to. Two experts that
differ only in that share (``bots.cribbage.auction.BID_SHARE``) play two-player Auction games to
121 on the same seeds, each taking each seat; the first share's wins and points a game over the
other's.

    .venv/bin/python bench/auction_bids.py 0.7 0.5 --pairs 800 --seed 11000 --workers 2

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor

from muggins import new_game
from muggins.bots.base import View
from muggins.bots.cribbage.auction import BID_SHARE, bid_move, crib_swing
from muggins.bots.cribbage.players import ExpertBot
from muggins.games.moves import Move
from muggins.strategy.cribbage.reading import read


class ShareBidder(ExpertBot):
    """The expert, bidding up to ``share`` of the crib's worth."""

    def __init__(self, seed: int, share: float) -> None:
        super().__init__(seed)
        self.share = share

    def choose(self, view: View) -> Move:
        if view["phase"] != "bid":
            return super().choose(view)
        seat = read(view)
        # bid_move bids to BID_SHARE of the swing it is given: the swing scaled bids to ``share``
        swing = crib_swing(seat, self.tables, self.play) * self.share / BID_SHARE
        return bid_move(seat, view["auction"], swing)


def pairs(first: float, second: float, seeds: range) -> tuple[int, int, int]:
    """The first share's wins, games and points over the other's, each seed played from both seats."""
    wins = games = margin = 0
    for seed in seeds:
        for seat in (0, 1):
            game = new_game("cribbage", players=2, seed=seed, auction=True, first_dealer=seed % 2)
            bots = {seat: ShareBidder(seed, first), 1 - seat: ShareBidder(seed, second)}
            while not game.is_over:
                mover = min(game.to_move)
                game.apply(mover, bots[mover].choose(game.view(mover)))
            assert game.result is not None
            wins += game.result.ranks[seat] == 1
            games += 1
            margin += game.scores[seat] - game.scores[1 - seat]
    return wins, games, margin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=float)
    parser.add_argument("second", type=float)
    parser.add_argument("--pairs", type=int, default=800)
    parser.add_argument("--seed", type=int, default=11000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    step = math.ceil(args.pairs / args.workers)
    chunks = [
        range(s, min(s + step, args.seed + args.pairs))
        for s in range(args.seed, args.seed + args.pairs, step)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(pairs, [args.first] * len(chunks), [args.second] * len(chunks), chunks))
    wins, games, margin = (sum(r[i] for r in results) for i in range(3))
    rate = wins / games
    print(
        json.dumps(
            {
                "first": args.first,
                "second": args.second,
                "games": games,
                "first_wins": round(rate, 4),
                "ci95_over_games": round(1.96 * math.sqrt(rate * (1 - rate) / games), 4),
                "points_a_game": round(margin / games, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
