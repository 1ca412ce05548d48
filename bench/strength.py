"""Strength in duplicate play (the same deals, seats swapped): the strength ladder.

``python -m bench strength``: the expert pegging by the search of the rest of the play from the lead
(``ExpertBot(samples=96)``: 96 of the other's holdings, each searched with every card known) against
the expert as it is; the expert against the near-expert reference and the peers (``bench/peers.py``);
the expert with and without its search at a table of three or four.

``python bench/strength.py PAIRS WORKERS [BOT] [SEED] [OPPONENT]``: any two bots in two-player
six-card games, the registry's or these, registered for this process and its workers only:
``expert-search`` and ``expert-search12``/``24``/``48`` (searching before the end of the play over
that many of the other's holdings), ``expert-late0`` ... ``expert-late4`` (the expert searching
once the other holds that many cards or fewer; the expert's own is 2), ``expert-norace`` (the
expert searching for the margin of points near the end too, not the chance to win),
``expert-noweigh`` (its searches taking every holding of the other's alike, not weighed by their
discards), ``expert-race12``/``24``/``48`` (racing before the end of the play too, over that many
of the other's holdings), ``expert-noplay`` (the expert discarding without the kept hand's play
worth), ``expert-nochance`` (near the end, valuing the chance to go out this deal rather than
to win the game), ``expert-counterpoints`` (near the end, searching from what it knows for the
margin of points while the other holds three or four cards, not for the chance to win),
``expert-notable`` (without the search at a table of three or four), ``expert-noblend`` (pegging
by the search from what it knows alone while the other holds three or four cards, then by the
search with every card known, not by their mean), ``expert-quarter`` (each of its searches going
over a quarter of the other's holdings the expert's goes over: 100 from what the seat knows, 50
or 25 with every card known), ``reference`` (the
near-expert reference policy of issue 20, ``ReferenceBot``), and the peers ``hoyleish`` and
``magmacrunch``. The discard-only mode (issue 62): ``expert-discards``, ``quick-discards``,
``greedy-discards`` and ``reference-discards`` throw as the bot named and play and count as the
expert, so two of them differ only in their discards; the answer's ``hand_margin``,
``crib_margin`` and ``hand_and_crib_margin`` (with ``hand_and_crib_ci95``, over pairs) are the
first bot's points a complete deal more than the other's from its hands and the cribs it dealt.

``python bench/strength.py table PLAYERS DEALS WORKERS SEED [partnerships] [OPPONENT]``: the expert
against ``OPPONENT`` (``expert-notable`` unless named) at a table of three or four (``table_margin``).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.figures import Figure, figure
from bench.peers import HOYLEISH, MAGMACRUNCH, PEERS, installed
from muggins.analysis.cribbage.crib import table_throw
from muggins.analysis.cribbage.pegging import play_risks
from muggins.analysis.simulate import run
from muggins.analysis.spec import Spec
from muggins.analysis.tally import RunningRate, summarise
from muggins.bots.base import Bot, BotFactory, View
from muggins.bots.cribbage.discard import throw_size
from muggins.bots.cribbage.pegging import COUNTER_SAMPLES, KNOWN_SAMPLES
from muggins.bots.cribbage.players import ExpertBot, counting_move
from muggins.bots.cribbage.roster import BOTS
from muggins.games.moves import Discard, Go, Move, Play
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.playworth import PlayWorth
from muggins.strategy.cribbage.reading import read


class ReferenceBot:
    """The near-expert reference of issue 20, the bar the expert must clear: discards by the exact
    expected hand over every starter plus or minus the crib tables' expected crib (no board
    position), and a one-move look-ahead in the play (the points a card pegs less the next player's
    expected best reply, over the cards unseen, all equally likely:
    ``analysis.cribbage.pegging.play_risks``); counts in full."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.tables = shipped_tables()

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "discard":
            _, n = throw_size(seat)
            return Discard(table_throw(seat.hand, n, seat.crib_config, seat.offset(seat.me), self.tables))
        if seat.phase != "play":
            return counting_move(view, seat)
        other = 1 - seat.me
        pile = [card for _, card in seat.pile]
        seen = [*seat.discards, *(card for cards in seat.played for card in cards if card not in pile)]
        if seat.starter is not None:
            seen.append(seat.starter)
        replies = 0 if other in seat.passed else seat.hand_sizes[other]
        risks = play_risks(seat.hand, pile, seen, reply_cards=replies)
        return Play(risks[0].card) if risks else Go()


PAIRS = 400
SEED = 20
SEARCH = "expert-search"
REFERENCE = "reference"
NO_PLAY_WORTH = "expert-noplay"
NO_TABLE_SEARCH = "expert-notable"
NO_CHANCE = "expert-nochance"
NO_RACE = "expert-norace"
NO_COUNTER = "expert-nocounter"
COUNTER_FOR_POINTS = "expert-counterpoints"
UNWEIGHED = "expert-noweigh"
NO_BLEND = "expert-noblend"
QUARTER = "expert-quarter"
SAMPLES = 96


DISCARDS_ONLY = "-discards"
"""A bot name with this ending (``reference-discards``) discards as the named bot does and plays
and counts as the expert: two such bots in duplicate games differ only in their throws."""
DISCARDERS = ("expert", "quick", "greedy", REFERENCE)


class DiscardsOnly:
    """``discarder``'s discards with the expert's play and counting (issue 62's discard-only mode:
    the play held equal, so the margins of hand and crib are the discards' own)."""

    def __init__(self, discarder: Bot, seed: int = 0) -> None:
        self.discarder, self.expert = discarder, ExpertBot(seed)

    def choose(self, view: View) -> Move:
        if view.get("phase") == "discard":
            return self.discarder.choose(view)
        return self.expert.choose(view)


def register_bots() -> None:
    """Register this module's bots for this process and the workers it forks."""
    BOTS.setdefault(SEARCH, functools.partial(ExpertBot, samples=SAMPLES))
    for samples in (12, 24, 48):
        BOTS.setdefault(f"expert-search{samples}", functools.partial(ExpertBot, samples=samples))
        BOTS.setdefault(f"expert-race{samples}", functools.partial(ExpertBot, race_samples=samples))
    BOTS.setdefault(NO_RACE, functools.partial(ExpertBot, race=False))
    BOTS.setdefault(NO_COUNTER, functools.partial(ExpertBot, counter=False))
    BOTS.setdefault(COUNTER_FOR_POINTS, functools.partial(ExpertBot, counter_race=False))
    BOTS.setdefault(NO_BLEND, functools.partial(ExpertBot, blend=False))
    BOTS.setdefault(UNWEIGHED, functools.partial(ExpertBot, weigh=False))
    quarter = {cards: samples // 4 for cards, samples in KNOWN_SAMPLES.items()}
    BOTS.setdefault(
        QUARTER, functools.partial(ExpertBot, counter_samples=COUNTER_SAMPLES // 4, known_samples=quarter)
    )
    for late in range(5):
        BOTS.setdefault(f"expert-late{late}", functools.partial(ExpertBot, late=late))
    BOTS.setdefault(REFERENCE, ReferenceBot)
    BOTS.setdefault(NO_PLAY_WORTH, functools.partial(ExpertBot, play=PlayWorth.nothing()))
    BOTS.setdefault(NO_CHANCE, functools.partial(ExpertBot, chances=False))
    BOTS.setdefault(NO_TABLE_SEARCH, functools.partial(ExpertBot, table=False))
    for name, peer in PEERS.items():
        BOTS.setdefault(name, peer)
    for name in DISCARDERS:
        BOTS.setdefault(name + DISCARDS_ONLY, functools.partial(_discards_only, BOTS[name]))


def _discards_only(discarder: BotFactory, seed: int = 0) -> DiscardsOnly:
    return DiscardsOnly(discarder(seed), seed)


def duplicate(bots: tuple[str, str], pairs: int, seed: int = SEED, workers: int = 1) -> dict[str, float]:
    """The first bot's win rate (and 95% interval half-width, over pairs) in ``pairs`` duplicate
    pairs of two-player six-card games against the second, and its margins a complete deal over
    the other: the points it pegged (``pegging_margin``, with ``pegging_ci95`` over pairs) and all
    the points it scored (``points_margin``, ``points_ci95``)."""
    register_bots()
    spec = Spec("cribbage", 2, bots, 2 * pairs, seed, duplicate=True)
    records = run(spec, workers=workers)
    mine = summarise(spec, records)["by_bot"][bots[0]]
    margins, whole, shows = RunningRate(2), RunningRate(2), RunningRate(2)
    by_source = {category: RunningRate(2) for category in ("hand", "crib")}
    for record in records:
        seat = record["bots"].index(bots[0])
        pegged, scored = [0, 0], [0, 0]
        source = {category: [0, 0] for category in by_source}
        for deal in record["complete"]:
            mine_role = "dealer" if deal["dealer"] == seat else "pone"
            for key, points in deal["by"].items():
                role, _, category = key.partition(":")
                side = 0 if role == mine_role else 1
                scored[side] += points
                pegged[side] += points if category == "pegging" else 0
                if category in source:  # a crib scores for its dealer: the side that dealt it
                    source[category][side] += points
        deals = max(1, len(record["complete"]))
        margins.add((pegged[0] - pegged[1]) / deals)
        whole.add((scored[0] - scored[1]) / deals)
        for category, rate in by_source.items():
            rate.add((source[category][0] - source[category][1]) / deals)
        shows.add(sum(source[c][0] - source[c][1] for c in source) / deals)
    margin, points, show = margins.result(), whole.result(), shows.result()
    return {
        **mine["win_rate"],
        "points_per_deal": mine["points_per_deal"],
        "pegging_margin": margin["mean"],
        "pegging_ci95": margin["ci95"],
        "points_margin": points["mean"],
        "points_ci95": points["ci95"],
        **{f"{category}_margin": rate.result()["mean"] for category, rate in by_source.items()},
        "hand_and_crib_margin": show["mean"],
        "hand_and_crib_ci95": show["ci95"],
    }


def table_margin(
    bots: tuple[str, str],
    players: int,
    deals: int,
    *,
    partnerships: bool = False,
    seed: int = SEED,
    workers: int = 1,
) -> dict[str, float]:
    """At a table of three or four (``partnerships``: the first bot's side against the second's),
    the first bot against the second in every different seating of each of ``deals`` deal seeds
    (the bots cycled over the seats): how many points a deal the first scores more than the second
    (``mean``, with ``ci95`` over the deal seeds), and its share of the games won."""
    register_bots()
    options = {"partnerships": partnerships}
    rotations = Spec("cribbage", players, bots, 1, seed, duplicate=True).rotations
    spec = Spec("cribbage", players, bots, deals * rotations, seed, True, options)
    records = run(spec, workers=workers)
    margins, wins = RunningRate(rotations), RunningRate(rotations)
    for record in records:
        deals_played = record["deal_points"]
        per_seat = [sum(points) / len(deals_played) for points in zip(*deals_played, strict=True)]
        mine = [per_seat[s] for s, bot in enumerate(record["bots"]) if bot == bots[0]]
        theirs = [per_seat[s] for s, bot in enumerate(record["bots"]) if bot != bots[0]]
        margins.add(sum(mine) / len(mine) - sum(theirs) / len(theirs))
        won = [s for s, rank in enumerate(record["ranks"]) if rank == 1]
        wins.add(sum(record["bots"][s] == bots[0] for s in won) / len(won))
    return {**margins.result(), "win_share": wins.result()["mean"], "games": len(records)}


def bench_search_against_expert() -> Figure:
    """The expert pegging by the search against the expert as it is."""
    found = duplicate((SEARCH, "expert"), PAIRS)
    return figure(
        "expert_search_vs_expert_win_rate",
        round(found["mean"], 4),
        "share of games",
        None,
        **{k: round(v, 4) for k, v in found.items() if k != "mean"},
        pairs=PAIRS,
        note="two players, six-card, duplicate pairs; the interval is over pairs",
    )


def bench_expert_against_reference() -> Figure:
    """The expert against the near-expert reference policy: issue 20's bar, 54% of games."""
    found = duplicate(("expert", REFERENCE), 1000, workers=2)
    return figure(
        "expert_vs_reference_win_rate",
        round(found["mean"], 4),
        "share of games",
        ">=0.54",
        **{k: round(v, 4) for k, v in found.items() if k != "mean"},
        pairs=1000,
        note="two players, six-card, duplicate pairs; the interval is over pairs",
    )


LADDER = {HOYLEISH: ">=0.60", MAGMACRUNCH: ">=0.90"}
"""The peers the expert is measured against, with issue 20's bar for each (the reference's is in
``bench_expert_against_reference``)."""


def bench_expert_ladder() -> list[Figure]:
    """The expert against each peer (CribbageSim's Hoyleish, magmacrunch) in 1,000 duplicate pairs;
    a peer not installed (``bench/peers.txt``) is reported as such, not measured."""
    figures = []
    for peer, target in LADDER.items():
        name = f"expert_vs_{peer}_win_rate"
        if not installed(peer):
            figures.append({"bench": name, "value": None, "unit": "share of games", "note": NOT_INSTALLED})
            continue
        found = duplicate(("expert", peer), 1000, workers=2)
        figures.append(
            figure(
                name,
                round(found["mean"], 4),
                "share of games",
                target,
                **{k: round(v, 4) for k, v in found.items() if k != "mean"},
                pairs=1000,
                note="two players, six-card, duplicate pairs; the interval is over pairs",
            )
        )
    return figures


NOT_INSTALLED = "not installed: .venv/bin/pip install --no-deps --ignore-requires-python -r bench/peers.txt"


TABLE_DEALS = 300


def bench_table_search() -> list[Figure]:
    """The expert with its search late in a play of three or four against the expert without it."""
    figures = []
    for players, partnerships in ((3, False), (4, False), (4, True)):
        found = table_margin(("expert", NO_TABLE_SEARCH), players, TABLE_DEALS, partnerships=partnerships)
        name = f"table_search_{players}p{'_partnerships' if partnerships else ''}_points_margin"
        figures.append(
            figure(
                name,
                round(found["mean"], 4),
                "points a deal",
                None,
                ci95=round(found["ci95"], 4),
                win_share=round(found["win_share"], 4),
                games=found["games"],
                note="every seating of each deal seed; the interval is over deal seeds",
            )
        )
    return figures


def main_table(args: list[str]) -> None:
    """``python bench/strength.py table PLAYERS DEALS WORKERS SEED [partnerships] [OPPONENT]``: the
    expert against ``OPPONENT`` (``expert-notable`` unless named) at a table (``table_margin``)."""
    players, deals, workers, seed = (int(a) for a in args[:4])
    partnerships = args[4:5] == ["partnerships"]
    named = args[5:] if partnerships else args[4:]
    bots = ("expert", named[0] if named else NO_TABLE_SEARCH)
    print(table_margin(bots, players, deals, partnerships=partnerships, seed=seed, workers=workers))


if __name__ == "__main__" and sys.argv[1:2] == ["table"]:
    main_table(sys.argv[2:])
elif __name__ == "__main__":
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else PAIRS
    first = sys.argv[3] if len(sys.argv) > 3 else SEARCH
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else SEED
    second = sys.argv[5] if len(sys.argv) > 5 else "expert"
    print(duplicate((first, second), pairs, seed, workers=int(sys.argv[2]) if len(sys.argv) > 2 else 1))
